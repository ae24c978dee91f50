package io.jenkins.plugins.trainingjob.core.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.platform.ClientToken;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.SpecDigest;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpecReuseTest {
    private final FakePlatform platform = new FakePlatform();
    /** A spec that names its job: attempt n of its family is named nightly-a<n> (issue 38 item 2). */
    private final JobSpec spec =
            io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader.load("""
            platform: aihc
            name: nightly
            jobSpec:
              image: registry.baidubce.com/ml/train:1
              command: python train.py
              replicas: 1
            """, "nightly.yaml", Map.of());

    private final String base = SpecDigest.reuseToken(spec, Map.of("LR", "1e-4"));

    private JobRef submitted(String token, JobPhase phase) {
        return submitted(token, phase, Instant.parse("2026-12-01T20:00:00Z"));
    }

    private JobRef submitted(String token, JobPhase phase, Instant created) {
        JobRef job = platform.submit(spec, token);
        platform.addStatus(new JobStatus(
                job,
                phase,
                phase.name(),
                created,
                null,
                phase.isTerminal() ? Instant.parse("2026-12-01T21:00:00Z") : null,
                null,
                "",
                List.of(),
                null));
        return job;
    }

    @Test
    void reuseTokenIsAValidTokenThatChangesWithTheSpecOrAVariableButNotWithTheirOrder() {
        assertThat(base).matches("tj-[0-9a-f]{20}");
        assertThat(ClientToken.isValid(ClientToken.forAttempt(base, 20))).isTrue();
        assertThat(SpecDigest.reuseToken(spec, Map.of("LR", "1e-4"))).isEqualTo(base);
        assertThat(SpecDigest.reuseToken(spec, Map.of("LR", "3e-4"))).isNotEqualTo(base);
        assertThat(SpecDigest.reuseToken(FakePlatform.spec(PlatformKind.AIHC, "nightly-2"), Map.of("LR", "1e-4")))
                .isNotEqualTo(base);
        assertThat(SpecDigest.reuseToken(spec, Map.of("A", "1", "B", "2")))
                .isEqualTo(SpecDigest.reuseToken(spec, new java.util.TreeMap<>(Map.of("B", "2", "A", "1"))));
    }

    @Test
    void succeededReturnsTheSucceededJobOfTheSpec() {
        JobRef job = submitted(base, JobPhase.SUCCEEDED);

        SpecReuse.Decision d = SpecReuse.decide(platform, spec, base, ReusePolicy.SUCCEEDED);

        assertThat(d.reused()).hasValueSatisfying(r -> assertThat(r.job()).isEqualTo(job));
        assertThat(d.reused().get().message(Instant.parse("2026-12-02T00:00:00Z")))
                .startsWith("reused job job-1 (nightly), SUCCEEDED 3h ago (client token " + base + ")");
        // a job that ended in the poll before reads "just now", not "0ms ago" (P26)
        assertThat(d.reused().get().message(Instant.parse("2026-12-01T21:00:00.400Z")))
                .startsWith("reused job job-1 (nightly), SUCCEEDED just now (client token " + base + ")");
    }

    @Test
    void succeededDoesNotReuseAFailedStoppedOrUnknownJobAndSubmitsUnderTheNextTokenOfTheFamily() {
        submitted(base, JobPhase.FAILED);
        submitted(ClientToken.forAttempt(base, 2), JobPhase.UNKNOWN);
        submitted(ClientToken.forAttempt(base, 3), JobPhase.STOPPED);

        SpecReuse.Decision d = SpecReuse.decide(platform, spec, base, ReusePolicy.SUCCEEDED);

        assertThat(d.reused()).isEmpty();
        assertThat(d.clientToken()).isEqualTo(base + "-a4");
        // every job of the spec was read (this platform lists them all): no gap or window to warn about (P16)
        assertThat(d.notChecked()).isEmpty();
        assertThat(d.skipped())
                .isEqualTo("job job-1 (nightly, FAILED), job job-2 (nightly, UNKNOWN), job job-3 (nightly, STOPPED)"
                        + " not reused (only a SUCCEEDED job is); submitting attempt 4");
    }

    @Test
    void succeededPicksTheSucceededAttemptAfterAFailedOne() {
        submitted(base, JobPhase.FAILED);
        JobRef second = submitted(base + "-a2", JobPhase.SUCCEEDED);

        assertThat(SpecReuse.decide(platform, spec, base, ReusePolicy.SUCCEEDED)
                        .reused()
                        .get()
                        .job())
                .isEqualTo(second);
    }

    @Test
    void anyReturnsTheNewestJobWhateverItsState() {
        submitted(base, JobPhase.SUCCEEDED);
        JobRef running = submitted(base + "-a2", JobPhase.RUNNING);

        SpecReuse.Decision d = SpecReuse.decide(platform, spec, base, ReusePolicy.ANY);

        assertThat(d.reused().get().job()).isEqualTo(running);
        assertThat(d.clientToken()).isEqualTo(base + "-a2");
    }

    @Test
    void nothingFoundSubmitsUnderTheBaseTokenQuietlyWhereTheLookUpSeesEveryJob() {
        SpecReuse.Decision d = SpecReuse.decide(platform, spec, base, ReusePolicy.SUCCEEDED);

        assertThat(d.reused()).isEmpty();
        assertThat(d.clientToken()).isEqualTo(base);
        // No job of the family at all: no gap to warn about, and this platform's look-up sees every job
        // (issue 35 P16: the notes were printed on every first run).
        assertThat(d.notChecked()).isEmpty();
    }

    @Test
    void aFailedJobIsNamedAndTheNextAttemptGetsItsOwnName() {
        JobRef failed = submitted(base, JobPhase.FAILED);

        SpecReuse.Decision d = SpecReuse.decide(platform, spec, base, ReusePolicy.SUCCEEDED);

        assertThat(d.clientToken()).isEqualTo(base + "-a2");
        assertThat(d.attempt()).isEqualTo(2);
        assertThat(d.skipped())
                .isEqualTo("job " + failed.id() + " (nightly, FAILED) not reused (only a SUCCEEDED job is);"
                        + " submitting attempt 2");
        assertThat(AttemptSpec.forAttempt(spec, d.attempt()).name()).isEqualTo("nightly-a2");
    }

    /** Issue 35 P8: a job an explicit client token (or a re-run) created is a job of the spec too. */
    @Test
    void succeededReturnsTheSucceededJobOfTheSpecThatAnotherTokenCreatedUnderItsOwnToken() {
        JobRef job = submitted("gh-4201-1-lr1", JobPhase.SUCCEEDED);

        SpecReuse.Decision d = SpecReuse.decide(platform, spec, base, ReusePolicy.SUCCEEDED);

        assertThat(d.reused().orElseThrow().job()).isEqualTo(job);
        assertThat(d.clientToken()).isEqualTo("gh-4201-1-lr1");
        assertThat(d.attempt()).isEqualTo(1);
        assertThat(d.reused().get().message(Instant.parse("2026-12-02T00:00:00Z")))
                .isEqualTo("reused job job-1 (nightly), SUCCEEDED 3h ago (client token gh-4201-1-lr1); not"
                        + " submitting it again");
        assertThat(d.notChecked()).isEmpty();
    }

    @Test
    void aFailedJobOfAnotherTokenIsNamedAndTheSpecIsSubmittedUnderTheFamilysFirstToken() {
        submitted("gh-4202-1-lr1", JobPhase.FAILED);

        SpecReuse.Decision d = SpecReuse.decide(platform, spec, base, ReusePolicy.SUCCEEDED);

        assertThat(d.reused()).isEmpty();
        assertThat(d.clientToken()).isEqualTo(base);
        assertThat(d.skipped())
                .isEqualTo("job job-1 (nightly, FAILED) not reused (only a SUCCEEDED job is); submitting the spec"
                        + " again");
    }

    @Test
    void theNewestSucceededJobWinsWhateverTokenCreatedIt() {
        submitted(base, JobPhase.SUCCEEDED, Instant.parse("2026-12-01T10:00:00Z"));
        JobRef later = submitted("gh-1-2-lr0", JobPhase.SUCCEEDED, Instant.parse("2026-12-01T12:00:00Z"));
        submitted("gh-1-1-lr0", JobPhase.SUCCEEDED, Instant.parse("2026-12-01T11:00:00Z"));

        assertThat(SpecReuse.decide(platform, spec, base, ReusePolicy.SUCCEEDED)
                        .reused()
                        .orElseThrow()
                        .job())
                .isEqualTo(later);
    }

    @Test
    void aJobOfTheSpecsNameButAnotherBodyIsNotAJobOfTheSpec() {
        JobSpec other = io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader.load("""
                platform: aihc
                name: nightly
                jobSpec:
                  image: registry.baidubce.com/ml/train:2
                  command: python train.py
                  replicas: 1
                """, "other.yaml", Map.of());
        platform.submit(other, "gh-1-1-lr0");

        SpecReuse.Decision d = SpecReuse.decide(platform, spec, base, ReusePolicy.ANY);

        assertThat(d.reused()).isEmpty();
        assertThat(d.skipped()).isEmpty();
    }

    /** Issue 35 P16: the list window is named only when the platform's look-up read a full one. */
    @Test
    void whatTheLookUpOfOtherTokensCouldNotReadIsSaidOnlyWhenThePlatformSaysSo() {
        FakePlatform windowFull = new FakePlatform() {
            @Override
            public io.jenkins.plugins.trainingjob.core.platform.JobsOfSpec jobsOfSpec(JobSpec s) {
                return new io.jenkins.plugins.trainingjob.core.platform.JobsOfSpec(
                        List.of(), java.util.Optional.of("jobs older than the newest 150 of the queue"));
            }
        };

        assertThat(SpecReuse.decide(windowFull, spec, base, ReusePolicy.SUCCEEDED)
                        .notChecked())
                .containsExactly("jobs older than the newest 150 of the queue: a job of this spec among them was not"
                        + " looked for");
        assertThat(SpecReuse.decide(platform, spec, base, ReusePolicy.SUCCEEDED).notChecked())
                .isEmpty();
    }

    @Test
    void aTokenOfTheFamilyUsedForAnotherSpecIsRefusedNotReused() {
        JobSpec other = FakePlatform.spec(PlatformKind.AIHC, "other");
        FakePlatform strict = new FakePlatform() {
            @Override
            public java.util.Optional<io.jenkins.plugins.trainingjob.core.platform.TokenMatch> findByClientToken(
                    JobSpec s, String token) {
                return findSubmitted(s, token)
                        .map(j -> new io.jenkins.plugins.trainingjob.core.platform.TokenMatch(
                                j, j.name().equals(s.name())));
            }
        };
        strict.submit(other, base);

        assertThatThrownBy(() -> SpecReuse.decide(strict, spec, base, ReusePolicy.ANY))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("another spec");
    }

    /** Security review 2, N2: a job another key made under a token of the family is never reused. */
    @Test
    void aJobAnotherKeyMadeUnderATokenOfTheFamilyIsNotReusedAndTheDecisionSaysSo() {
        JobRef ours = submitted(base, JobPhase.SUCCEEDED);
        FakePlatform withForgery = new FakePlatform() {
            @Override
            public java.util.Optional<io.jenkins.plugins.trainingjob.core.platform.TokenMatch> findByClientToken(
                    JobSpec s, String token) {
                if (token.equals(base + "-a2")) {
                    return java.util.Optional.of(new io.jenkins.plugins.trainingjob.core.platform.TokenMatch(
                            new JobRef(PlatformKind.AIHC, "pytorchjob-forged", "nightly-a2"),
                            io.jenkins.plugins.trainingjob.core.platform.TokenMatch.Kind.OTHER_KEY,
                            ""));
                }
                return platform.findByClientToken(s, token);
            }

            @Override
            public io.jenkins.plugins.trainingjob.core.platform.JobStatus status(JobRef job) {
                return platform.status(job);
            }
        };

        SpecReuse.Decision d = SpecReuse.decide(withForgery, spec, base, ReusePolicy.SUCCEEDED);

        assertThat(d.reused().orElseThrow().job()).isEqualTo(ours);
        assertThat(d.notChecked())
                .contains("client token " + base + "-a2: a job with this token exists but was not created with this"
                        + " key (job pytorchjob-forged ('nightly-a2')); it is not adopted");
    }

    @Test
    void policyTextIsCheckedNamingTheField() {
        assertThat(ReusePolicy.parse(null, "reuse")).isEqualTo(ReusePolicy.NEVER);
        assertThat(ReusePolicy.parse(" Succeeded ", "reuse")).isEqualTo(ReusePolicy.SUCCEEDED);
        assertThatThrownBy(() -> ReusePolicy.parse("always", "--reuse"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("--reuse")
                .hasMessageContaining("never, succeeded or any");
    }
}
