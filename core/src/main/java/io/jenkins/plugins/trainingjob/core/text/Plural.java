package io.jenkins.plugins.trainingjob.core.text;

/**
 * A count with its noun in the right number: {@code 1 job}, {@code 2 jobs}, never {@code 1 jobs} or
 * {@code 2 job(s)} (review newcomer-release-3 P26). One rule for every line a person reads.
 */
public final class Plural {

    private Plural() {}

    /** {@code n} and {@code one} when {@code n} is 1, else {@code n} and {@code many}. */
    public static String count(long n, String one, String many) {
        return n + " " + (n == 1 ? one : many);
    }
}
