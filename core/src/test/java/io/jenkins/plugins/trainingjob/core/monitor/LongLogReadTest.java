package io.jenkins.plugins.trainingjob.core.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.JobLogs;
import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.platform.LogChunk;
import io.jenkins.plugins.trainingjob.core.platform.WorkerStatus;
import io.jenkins.plugins.trainingjob.core.spec.OutputRules;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.core.testkit.FakePlatform;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Old-API reproduction of review N3's memory side: a 2 GB log, generated page by page, never stored. */
class LongLogReadTest {

    static final JobRef JOB = new JobRef(PlatformKind.AIHC, "job-1", "big");
    static final long LOG_BYTES = 2L << 30;

    static final class EndlessLog extends FakePlatform implements JobLogs {
        final int lineBytes;
        final AtomicLong served = new AtomicLong();

        EndlessLog(int lineBytes) {
            this.lineBytes = lineBytes;
        }

        @Override
        public LogChunk logs(JobRef job, String worker, String marker, int maxLines) {
            long from = marker == null ? 0 : Long.parseLong(marker);
            long lines = LOG_BYTES / (lineBytes + 1);
            List<String> page = new ArrayList<>();
            String line = "x".repeat(lineBytes);
            long i = from;
            for (; i < Math.min(lines, from + maxLines); i++) {
                page.add(line);
                served.addAndGet(lineBytes + 1);
            }
            return new LogChunk(page, Long.toString(i));
        }
    }

    @Test
    void aTwoGigabyteLogIsReadOnlyUpToTheByteBound() {
        EndlessLog log = new EndlessLog(1023);
        JobStatus done = new JobStatus(
                JOB,
                JobPhase.SUCCEEDED,
                "Succeeded",
                null,
                null,
                null,
                null,
                "",
                List.of(new WorkerStatus("big-master-0", "node-1", "Succeeded", "")),
                null);
        WorkerLogReader.outputs(log, done, OutputRules.none());
        assertThat(log.served.get()).isLessThanOrEqualTo((8L << 20) + 1000L * 1024);
    }
}
