package io.jenkins.plugins.trainingjob.core.flow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.jenkins.plugins.trainingjob.core.platform.FailedCall;
import io.jenkins.plugins.trainingjob.core.platform.InvalidRequestException;
import io.jenkins.plugins.trainingjob.core.platform.JobNameTakenException;
import io.jenkins.plugins.trainingjob.core.platform.JobNames;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.TokenMatch;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.spec.UncheckedSpecs;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IdempotentSubmitterTest {

    private static final JobRef EXISTING = new JobRef(PlatformKind.AIHC, "pytorchjob-1", "train-1");
    private static final JobRef CREATED = new JobRef(PlatformKind.AIHC, "pytorchjob-2", "train-1");

    private final TrainingPlatform platform = mock(TrainingPlatform.class);
    private final JobSpec spec = UncheckedSpecs.of(
            PlatformKind.AIHC, JsonNodeFactory.instance.objectNode().put("name", "train-1"));

    @Test
    void aTokenAlreadyUsedForThisSpecReturnsItsJobWithoutCreatingAnother() {
        when(platform.kind()).thenReturn(PlatformKind.AIHC);
        when(platform.findByClientToken(spec, "tok-1")).thenReturn(Optional.of(new TokenMatch(EXISTING, true)));

        IdempotentSubmitter.Submitted s = IdempotentSubmitter.submit(platform, spec, "tok-1", true);

        assertThat(s.job()).isEqualTo(EXISTING);
        assertThat(s.alreadySubmitted()).isTrue();
        assertThat(s.message())
                .isEqualTo("already submitted as job pytorchjob-1 (train-1) on Baidu AIHC "
                        + "(client token tok-1); not submitting it again");
        verify(platform, never()).submit(any(), anyString());
    }

    @Test
    void aTokenUsedForAnotherSpecIsRefusedInOneLineNamingBoth() {
        when(platform.kind()).thenReturn(PlatformKind.AIHC);
        JobRef other = new JobRef(PlatformKind.AIHC, "pytorchjob-9", "train-0");
        when(platform.findByClientToken(spec, "tok-1")).thenReturn(Optional.of(new TokenMatch(other, false)));

        assertThatThrownBy(() -> IdempotentSubmitter.submit(platform, spec, "tok-1", true))
                .isInstanceOfSatisfying(InvalidRequestException.class, e -> assertThat(e.field())
                        .isEqualTo("clientToken"))
                .hasMessage("Baidu AIHC submit: client token tok-1 already names job pytorchjob-9 ('train-0'), "
                        + "created from another spec than this spec ('train-1'); submit a changed spec under a new "
                        + "client token")
                .hasMessageNotContaining("\n");
        verify(platform, never()).submit(any(), anyString());
    }

    @Test
    void anUnusedTokenCreatesTheJob() {
        when(platform.findByClientToken(spec, "tok-1")).thenReturn(Optional.empty());
        when(platform.submit(spec, "tok-1")).thenReturn(CREATED);

        IdempotentSubmitter.Submitted s = IdempotentSubmitter.submit(platform, spec, "tok-1", true);

        assertThat(s.job()).isEqualTo(CREATED);
        assertThat(s.alreadySubmitted()).isFalse();
        assertThat(s.message()).isEqualTo("submitted job pytorchjob-2 (train-1) to Baidu AIHC");
    }

    @Test
    void aFreshTokenIsNotLookedUp() {
        when(platform.submit(spec, "fresh")).thenReturn(CREATED);

        assertThat(IdempotentSubmitter.submit(platform, spec, "fresh", false).job())
                .isEqualTo(CREATED);
        verify(platform, never()).findByClientToken(any(JobSpec.class), anyString());
    }

    /** Issue 35 P2: a re-run under a new token of a spec whose name another submission's job has. */
    @Test
    void aNameAnotherSubmissionsJobHasGivesTheJobTheNameItsTokenDerivesAndSaysWhy() {
        JobSpec named = io.jenkins.plugins.trainingjob.core.testkit.FakePlatform.spec(PlatformKind.AIHC, "train-1");
        String own = JobNames.whenTaken("train-1", "gh-7-2-lr1");
        JobRef renamed = new JobRef(PlatformKind.AIHC, "pytorchjob-3", own);
        when(platform.submit(named, "gh-7-2-lr1")).thenThrow(nameTaken("train-1"));
        when(platform.submit(org.mockito.ArgumentMatchers.argThat(s -> s != null && own.equals(s.name())), anyString()))
                .thenReturn(renamed);

        IdempotentSubmitter.Submitted s = IdempotentSubmitter.create(platform, named, "gh-7-2-lr1");

        assertThat(s.job()).isEqualTo(renamed);
        assertThat(s.takenName()).isEqualTo("train-1");
        assertThat(s.message())
                .isEqualTo("submitted job pytorchjob-3 (" + own + ") to Baidu AIHC (the name train-1 is another"
                        + " submission's job; this one is named for its client token gh-7-2-lr1)");
    }

    @Test
    void aNameTakenTwiceIsRefusedWithThePlatformsWordsAndNothingMoreIsTried() {
        JobSpec named = io.jenkins.plugins.trainingjob.core.testkit.FakePlatform.spec(PlatformKind.AIHC, "train-1");
        when(platform.submit(any(), anyString())).thenThrow(nameTaken("train-1"));

        assertThatThrownBy(() -> IdempotentSubmitter.create(platform, named, "tok-1"))
                .isInstanceOf(JobNameTakenException.class)
                .hasMessageContaining("already exists");
        verify(platform, org.mockito.Mockito.times(2)).submit(any(), anyString());
    }

    private static JobNameTakenException nameTaken(String name) {
        return JobNameTakenException.of(
                new InvalidRequestException(
                        new FailedCall(PlatformKind.AIHC, "POST /api/v1/aijobs", 400, "JobNameAlreadyExists", "r-1"),
                        "job name " + name + " already exists in cce-x",
                        "",
                        "JobNameAlreadyExists",
                        null),
                name,
                "resource pool cce-x");
    }
}
