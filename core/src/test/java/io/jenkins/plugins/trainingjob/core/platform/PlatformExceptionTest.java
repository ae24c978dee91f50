package io.jenkins.plugins.trainingjob.core.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import org.junit.jupiter.api.Test;

class PlatformExceptionTest {

    @Test
    void theMessageNamesPlatformCallStatusCodeAndRequestId() {
        NotFoundException e = new NotFoundException(PlatformKind.AIHC, "GET /api/v1/aijobs/{jobId}", 404,
                "NoSuchJob", "r-1", "job not found", null);

        assertThat(e.getMessage()).isEqualTo(
                "Baidu AIHC GET /api/v1/aijobs/{jobId}: job not found (HTTP 404, code NoSuchJob, request id r-1)");
    }

    @Test
    void controlCharactersFromAResponseCannotForgeConsoleLines() {
        TransientException e = new TransientException(PlatformKind.SENSECORE, "GET trainingJobs", 503,
                "\u001b[2JUNAVAILABLE", "r\n[Pipeline] echo ok", "down\r\n\u001b[32mSUCCESS", null);

        assertThat(e.getMessage()).isEqualTo("SenseCore ACP GET trainingJobs: down  SUCCESS"
                + " (HTTP 503, code UNAVAILABLE, request id r [Pipeline] echo ok)");
        assertThat(e.code()).isEqualTo("UNAVAILABLE");
        assertThat(e.requestId()).isEqualTo("r [Pipeline] echo ok");
    }

    @Test
    void overLongCodesAndRequestIdsAreCut() {
        InvalidRequestException e = new InvalidRequestException(PlatformKind.AIHC, "POST /api/v1/aijobs", 400,
                "C".repeat(500), "R".repeat(500), "bad", "", "", null);

        assertThat(e.code()).hasSize(100).endsWith("…");
        assertThat(e.requestId()).hasSize(100).endsWith("…");
    }

    @Test
    void theFieldAndReasonOfARejectionAreCleanedToo() {
        InvalidRequestException e = new InvalidRequestException(PlatformKind.SENSECORE, "POST trainingJobs", 400,
                "", "", "bad", "roles[0]\u001b[1A.name", "tjBad\nName", null);

        assertThat(e.field()).isEqualTo("roles[0].name");
        assertThat(e.reason()).isEqualTo("tjBad Name");
    }
}
