package io.jenkins.plugins.trainingjob.core.eta;

/**
 * Jobs of a similar size wait alike: a 32-GPU gang waits for a different hole than a 4-GPU job. Classes by
 * total GPUs, coarse enough that a week of a busy queue fills each.
 */
public enum SizeClass {
    UNKNOWN("size unknown"),
    UP_TO_4("1-4 GPUs"),
    UP_TO_8("5-8 GPUs"),
    UP_TO_16("9-16 GPUs"),
    ABOVE_16("17+ GPUs");

    private final String label;

    SizeClass(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static SizeClass of(int gpus) {
        if (gpus <= 0) {
            return UNKNOWN;
        }
        if (gpus <= 4) {
            return UP_TO_4;
        }
        if (gpus <= 8) {
            return UP_TO_8;
        }
        return gpus <= 16 ? UP_TO_16 : ABOVE_16;
    }
}
