package io.jenkins.plugins.trainingjob.core.monitor;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.DiagnosisHandle;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import io.jenkins.plugins.trainingjob.core.text.DurationText;
import java.time.Duration;
import java.util.Objects;

/** How {@link DiagnosisFetcher} ended: the analysed report, or a diagnosis still not ready at the timeout. */
public sealed interface FetchedDiagnosis {

    /** The platform answered and the answer is analysed. */
    record Ready(DiagnosisReport report) implements FetchedDiagnosis {
        public Ready {
            Objects.requireNonNull(report, "report");
        }
    }

    /** The platform was still computing the diagnosis when the timeout ran out; it can be fetched later. */
    record NotReady(DiagnosisHandle handle, Duration timeout) implements FetchedDiagnosis {
        public NotReady {
            Objects.requireNonNull(handle, "handle");
            Objects.requireNonNull(timeout, "timeout");
        }

        /** The one line a person reads, the same in the CLI and in Jenkins. */
        public String message() {
            return "diagnosis " + ConsoleText.strip(handle.id(), 80) + " was not ready within "
                    + DurationText.exact(timeout) + "; fetch it again later by its id";
        }
    }
}
