package io.jenkins.plugins.trainingjob.core.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import org.junit.jupiter.api.Test;

class PlatformExceptionTest {

    @Test
    void theMessageNamesPlatformCallStatusCodeAndRequestId() {
        NotFoundException e = new NotFoundException(
                new FailedCall(PlatformKind.AIHC, "GET /api/v1/aijobs/{jobId}", 404, "NoSuchJob", "r-1"),
                "job not found",
                null);

        assertThat(e.getMessage())
                .isEqualTo(
                        "Baidu AIHC GET /api/v1/aijobs/{jobId}: job not found (HTTP 404, code NoSuchJob, request id r-1)");
    }

    @Test
    void theDetailIsTheMessageWithoutPlatformAndCallSoAnotherMessageCanQuoteIt() {
        NotFoundException e = new NotFoundException(
                new FailedCall(PlatformKind.AIHC, "GET /api/v1/aijobs/{jobId}", 404, "NoSuchJob", "r-1"),
                "job not found",
                null);
        TransientException bare = TransientException.connectionFailed(
                PlatformKind.SENSECORE, "POST trainingJobs", 0, "", "read timed out", null);

        assertThat(e.detail()).isEqualTo("job not found (HTTP 404, code NoSuchJob, request id r-1)");
        assertThat(bare.detail()).isEqualTo("read timed out");
        assertThat(bare.getMessage()).isEqualTo("SenseCore ACP POST trainingJobs: " + bare.detail());
    }

    @Test
    void controlCharactersFromAResponseCannotForgeConsoleLines() {
        TransientException e = new TransientException(
                new FailedCall(
                        PlatformKind.SENSECORE,
                        "GET trainingJobs",
                        503,
                        "\u001b[2JUNAVAILABLE",
                        "r\n[Pipeline] echo ok"),
                "down\r\n\u001b[32mSUCCESS",
                null);

        assertThat(e.getMessage())
                .isEqualTo("SenseCore ACP GET trainingJobs: down  SUCCESS"
                        + " (HTTP 503, code UNAVAILABLE, request id r [Pipeline] echo ok)");
        assertThat(e.code()).isEqualTo("UNAVAILABLE");
        assertThat(e.requestId()).isEqualTo("r [Pipeline] echo ok");
        assertThat(e.call())
                .as("a failure made again from this one's call carries the cleaned facts, not the raw ones")
                .isEqualTo(new FailedCall(
                        PlatformKind.SENSECORE, "GET trainingJobs", 503, "UNAVAILABLE", "r [Pipeline] echo ok"));
    }

    @Test
    void overLongCodesAndRequestIdsAreCut() {
        InvalidRequestException e = new InvalidRequestException(
                new FailedCall(PlatformKind.AIHC, "POST /api/v1/aijobs", 400, "C".repeat(500), "R".repeat(500)),
                "bad",
                "",
                "",
                null);

        assertThat(e.code()).hasSize(100).endsWith("…");
        assertThat(e.requestId()).hasSize(100).endsWith("…");
    }

    @Test
    void theFieldAndReasonOfARejectionAreCleanedToo() {
        InvalidRequestException e = new InvalidRequestException(
                new FailedCall(PlatformKind.SENSECORE, "POST trainingJobs", 400, "", ""),
                "bad",
                "roles[0]\u001b[1A.name",
                "tjBad\nName",
                null);

        assertThat(e.field()).isEqualTo("roles[0].name");
        assertThat(e.reason()).isEqualTo("tjBad Name");
    }

    @Test
    void namedFactoriesSayWhatHappenedAndFillOnlyWhatIsKnown() {
        TransientException malformed = TransientException.malformed(
                PlatformKind.AIHC, "POST /api/v1/aijobs", 200, "r-7", "the create answer carries no jobId");
        assertThat(malformed.getMessage())
                .isEqualTo(
                        "Baidu AIHC POST /api/v1/aijobs: the create answer carries no jobId (HTTP 200, request id r-7)");
        assertThat(malformed.code()).isEmpty();
        assertThat(malformed.isRetryable()).isTrue();

        InterruptedException interrupt = new InterruptedException();
        TransientException interrupted = TransientException.interrupted(
                PlatformKind.SENSECORE, "GET trainingJobs/{name}", "interrupted while looking up job 'a'", interrupt);
        assertThat(interrupted.httpStatus()).isZero();
        assertThat(interrupted.requestId()).isEmpty();
        assertThat(interrupted).hasCause(interrupt);

        InvalidRequestException refused = InvalidRequestException.refused(
                PlatformKind.AIHC, "submit", "clientToken", "client token t already names job j");
        assertThat(refused.getMessage()).isEqualTo("Baidu AIHC submit: client token t already names job j");
        assertThat(refused.field()).isEqualTo("clientToken");
        assertThat(refused.httpStatus()).isZero();

        InvalidRequestException answered = new InvalidRequestException(
                new FailedCall(PlatformKind.SENSECORE, "POST trainingJobs", 409, "ALREADY_EXISTS", "r-9"),
                "already exists",
                "",
                "tjExists",
                null);
        InvalidRequestException reworded = answered.reworded("a training job named 'a' already exists", "name");
        assertThat(reworded.getMessage())
                .isEqualTo("SenseCore ACP POST trainingJobs: a training job named 'a' already "
                        + "exists (HTTP 409, code ALREADY_EXISTS, request id r-9)");
        assertThat(reworded.field()).isEqualTo("name");
        assertThat(reworded.reason()).isEqualTo("tjExists");
        assertThat(reworded).hasCause(answered);

        InventoryUnreadableException unread = InventoryUnreadableException.notReadable(
                PlatformKind.AIHC, "GET /api/v1/resourcepools/{id}", "the connection names no resource pool");
        assertThat(unread.getMessage())
                .isEqualTo("Baidu AIHC GET /api/v1/resourcepools/{id}: inventory not readable: "
                        + "the connection names no resource pool");

        TransientException lost = new TransientException(
                new FailedCall(PlatformKind.AIHC, "POST /api/v1/aijobs", 503, "Busy", "r-3"), "down", null);
        UncertainCreateException uncertain =
                UncertainCreateException.after(lost, "the create may not have happened", "tok", "job-a");
        assertThat(uncertain.httpStatus()).isEqualTo(503);
        assertThat(uncertain.code()).isEqualTo("Busy");
        assertThat(uncertain.requestId()).isEqualTo("r-3");
        assertThat(uncertain.operation()).isEqualTo("POST /api/v1/aijobs");
        assertThat(uncertain.clientToken()).isEqualTo("tok");
        assertThat(uncertain.jobName()).isEqualTo("job-a");
        assertThat(uncertain).hasCause(lost);
    }
}
