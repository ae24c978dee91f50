package io.jenkins.plugins.trainingjob.core.platform;

import java.util.Objects;
import java.util.function.Function;

/**
 * A diagnosis with the pool inventory read right after it, so the analysis can say what lifting each
 * refusal would buy. {@code inventory} is {@code null} when it could not be read; {@code unreadable} then
 * says why ({@code inventory not readable: ...}). Reading it never fails the diagnosis.
 */
public record DiagnosisWithInventory(RawDiagnosis diagnosis, PoolInventory inventory, String unreadable)
        implements RawDiagnosis {

    public DiagnosisWithInventory {
        Objects.requireNonNull(diagnosis, "diagnosis");
        unreadable = unreadable == null ? "" : unreadable;
    }

    @Override
    public JobRef job() {
        return diagnosis.job();
    }

    @Override
    public <R> R match(
            Function<? super AihcScheduleDiagnosis, ? extends R> aihc,
            Function<? super SenseCoreEvidence, ? extends R> senseCore,
            Function<? super DiagnosisWithInventory, ? extends R> withInventory) {
        return withInventory.apply(this);
    }

    /**
     * {@code raw} with its pool's inventory when it is an AIHC diagnosis (the only one naming nodes); the
     * queue is the one the diagnosis names, else the connection's. Any other diagnosis is returned as it is.
     */
    public static RawDiagnosis read(TrainingPlatform platform, RawDiagnosis raw) {
        if (!(raw instanceof AihcScheduleDiagnosis aihc)) {
            return raw;
        }
        String queue = aihc.rules().stream()
                .flatMap(r -> r.details().stream())
                .map(AihcScheduleDiagnosis.Detail::queue)
                .filter(q -> q != null && !q.isBlank())
                .findFirst()
                .orElse(
                        platform.settings() == null
                                ? null
                                : platform.settings().target().defaultQueue());
        try {
            return new DiagnosisWithInventory(raw, platform.inventory(queue), "");
        } catch (InventoryUnreadableException e) {
            return new DiagnosisWithInventory(raw, null, e.getMessage());
        } catch (PlatformException e) {
            // a failed extra read must not cost the diagnosis it would only have refined
            return new DiagnosisWithInventory(raw, null, "inventory not readable: " + e.getMessage());
        }
    }
}
