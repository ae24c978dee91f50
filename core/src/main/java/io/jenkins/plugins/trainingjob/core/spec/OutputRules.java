package io.jenkins.plugins.trainingjob.core.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A spec's {@code outputs:} block: the names a pipeline's gate reads from the worker's log when the job
 * ends, and where each value comes from. Only declared names are outputs. A name declared with a
 * {@code regex} takes the first capture group of the pattern's matches; a name declared without one takes
 * the value of a whole line {@code trainjob-output/<nonce> NAME=VALUE}, where the nonce is the one the job
 * was given at its create ({@link OutputNonce}). Read in log order, the last value of a name wins, so a
 * script that prints a metric every epoch gives its final value. A convention line never sets a name
 * declared with a regex. Security review 2, N1: the log is not trusted output.
 *
 * <p>Patterns run on RE2/J, whose matching is linear in the line: a spec author's pattern over a line a
 * job chose cannot take the seconds or hours a backtracking matcher can (N3). Syntax RE2 does not have
 * (backreferences, look-around, possessive quantifiers) is refused at validation, naming the field.
 *
 * <p>The block is not sent to the platform, and {@code ${NAME}} variables are not substituted in it: a
 * regular expression is taken literally.
 */
public final class OutputRules {

    /** The line convention's prefix, followed by {@code /<nonce>}, one space and {@code NAME=VALUE}. */
    public static final String LINE_PREFIX = "trainjob-output";
    /**
     * The reserved name under which every outputs file and result map carries the job's final phase
     * ({@code SUCCEEDED}, {@code FAILED}, {@code STOPPED}); never a declared output's name, in any case.
     */
    public static final String STATUS = "STATUS";
    /** What {@code $GITHUB_OUTPUT}, GitLab's dotenv reports and shell variables all accept. */
    public static final java.util.regex.Pattern NAME = java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");
    /** A value longer than this is not a metric or a path: it is left out, and the result says so. */
    public static final int MAX_VALUE_CHARS = 1024;

    static final int MAX_RULES = 50;

    private static final OutputRules NONE = new OutputRules(List.of());

    private final List<OutputRule> rules;

    private OutputRules(List<OutputRule> rules) {
        this.rules = List.copyOf(rules);
    }

    /** No declared outputs: nothing is read. */
    public static OutputRules none() {
        return NONE;
    }

    /** Declared rules, already valid (tests, a front end building them from its own form). */
    public static OutputRules of(List<OutputRule> rules) {
        return rules.isEmpty() ? NONE : new OutputRules(rules);
    }

    public List<OutputRule> rules() {
        return rules;
    }

    /** Whether any declared output is read from the {@code trainjob-output/<nonce>} line convention. */
    public boolean readsLineConvention() {
        return rules.stream().anyMatch(OutputRule::fromLine);
    }

    /**
     * Reads an {@code outputs} value: a list of {@code {name, regex}} mappings ({@code regex} optional).
     * Every problem is added to {@code problems} with its path ({@code outputs[1].regex}) and the rule it
     * breaks, never the value.
     */
    static OutputRules read(JsonNode value, List<SpecProblem> problems) {
        if (value == null || value.isNull()) {
            return NONE;
        }
        if (!value.isArray()) {
            problems.add(new SpecProblem("outputs", "expected a list of {name, regex} entries"));
            return NONE;
        }
        if (value.size() > MAX_RULES) {
            problems.add(new SpecProblem("outputs", "at most " + MAX_RULES + " outputs"));
            return NONE;
        }
        List<OutputRule> rules = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < value.size(); i++) {
            String path = "outputs[" + i + "]";
            JsonNode entry = value.get(i);
            if (!entry.isObject()) {
                problems.add(new SpecProblem(path, "expected a mapping with 'name' and, optionally, 'regex'"));
                continue;
            }
            entry.fieldNames().forEachRemaining(f -> {
                if (!f.equals("name") && !f.equals("regex")) {
                    problems.add(new SpecProblem(path + "." + f, "unknown field: an output has 'name' and 'regex'"));
                }
            });
            String name = text(entry.get("name"), path + ".name", problems, true);
            String regex = text(entry.get("regex"), path + ".regex", problems, false);
            boolean ok = name != null && (regex != null || entry.get("regex") == null);
            if (name != null && !NAME.matcher(name).matches()) {
                problems.add(new SpecProblem(
                        path + ".name",
                        "must be a letter or '_' followed by up to 63"
                                + " letters, digits or '_' (what $GITHUB_OUTPUT and dotenv files take)"));
                ok = false;
            } else if (name != null && name.toUpperCase(Locale.ROOT).equals(STATUS)) {
                problems.add(new SpecProblem(
                        path + ".name",
                        "STATUS is reserved: every outputs file and outputs map carries the job's final phase"
                                + " under it; name the output otherwise"));
                ok = false;
            } else if (name != null && !names.add(name)) {
                problems.add(new SpecProblem(
                        path + ".name", "duplicate output name " + name + ": each output is declared once"));
                ok = false;
            }
            Pattern pattern = regex == null ? null : compile(regex, path + ".regex", problems);
            if (regex != null && pattern == null) {
                ok = false;
            }
            if (ok) {
                rules.add(new OutputRule(name, pattern));
            }
        }
        return of(rules);
    }

    /** The pattern, or {@code null} with the problem added: RE2 syntax, and a group for the value. */
    private static Pattern compile(String regex, String path, List<SpecProblem> problems) {
        Pattern pattern;
        try {
            pattern = Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            problems.add(new SpecProblem(
                    path,
                    "not a regular expression RE2 accepts (" + e.getDescription() + "); outputs use RE2 syntax,"
                            + " which runs in linear time and has no backreferences, look-ahead or look-behind"));
            return null;
        }
        if (pattern.groupCount() < 1) {
            problems.add(new SpecProblem(path, "needs a capture group: the first group '( )' is the output's value"));
            return null;
        }
        return pattern;
    }

    private static String text(JsonNode v, String path, List<SpecProblem> problems, boolean required) {
        if (v == null || v.isNull()) {
            if (required) {
                problems.add(new SpecProblem(path, "required"));
            }
            return null;
        }
        if (!v.isTextual() || v.textValue().isEmpty()) {
            problems.add(new SpecProblem(path, "expected non-empty text"));
            return null;
        }
        return v.textValue();
    }

    /**
     * A reading of one log, line by line, in log order.
     *
     * @param nonce the job's {@link OutputNonce}, or {@code null} when it has none (then no line counts)
     */
    public Scan scan(String nonce) {
        return new Scan(nonce);
    }

    /** The outputs of {@code lines} ({@link #scan}), for a log already at hand. */
    public Map<String, String> extract(String nonce, List<String> lines, Set<String> tooLong) {
        Scan scan = scan(nonce);
        lines.forEach(scan::line);
        tooLong.addAll(scan.tooLong());
        return scan.values();
    }

    /** The values found so far: names sorted, values stripped of control characters and surrounding blanks. */
    public final class Scan {
        private final String linePrefix;
        private final Map<String, String> found = new TreeMap<>();
        private final Set<String> tooLong = new TreeSet<>();

        private Scan(String nonce) {
            this.linePrefix = OutputNonce.isValid(nonce) ? LINE_PREFIX + "/" + nonce + " " : null;
        }

        /** Reads one line of the log (remote data: {@code null} reads as empty). */
        public void line(String raw) {
            String line = raw == null ? "" : raw;
            if (linePrefix != null && line.startsWith(linePrefix)) {
                conventionLine(line);
            }
            for (OutputRule rule : rules) {
                if (rule.fromLine()) {
                    continue;
                }
                Matcher r = rule.regex().matcher(line);
                String last = null;
                while (r.find()) {
                    last = r.group(1);
                }
                if (last != null) {
                    put(rule.name(), last);
                }
            }
        }

        /** The whole line is {@code prefix NAME=VALUE} (a trailing CR aside) and NAME is declared without a regex. */
        private void conventionLine(String line) {
            String rest = line.substring(linePrefix.length());
            if (rest.endsWith("\r")) {
                rest = rest.substring(0, rest.length() - 1);
            }
            int eq = rest.indexOf('=');
            if (eq < 1) {
                return;
            }
            String name = rest.substring(0, eq);
            for (OutputRule rule : rules) {
                if (rule.fromLine() && rule.name().equals(name)) {
                    put(name, rest.substring(eq + 1));
                    return;
                }
            }
        }

        private void put(String name, String value) {
            String clean = ConsoleText.strip(value).strip();
            if (clean.length() > MAX_VALUE_CHARS) {
                found.remove(name);
                tooLong.add(name);
                return;
            }
            tooLong.remove(name);
            found.put(name, clean);
        }

        public Map<String, String> values() {
            return new TreeMap<>(found);
        }

        /** Names whose last value was longer than {@link #MAX_VALUE_CHARS}, left out of {@link #values()}. */
        public Set<String> tooLong() {
            return new TreeSet<>(tooLong);
        }
    }

    @Override
    public String toString() {
        return "OutputRules" + rules.stream().map(OutputRule::name).toList();
    }
}
