package io.jenkins.plugins.trainingjob.core.spec;

import java.util.Locale;

/** The training platforms we talk to. The lower-case {@link #id()} is what spec files and flags say. */
public enum PlatformKind {
    AIHC("aihc", "Baidu AIHC"),
    SENSECORE("sensecore", "SenseCore ACP");

    private final String id;
    private final String displayName;

    PlatformKind(String id, String displayName) {
        this.id = id;
        this.displayName = displayName;
    }

    public String id() {
        return id;
    }

    public String displayName() {
        return displayName;
    }

    /** Parses {@code aihc} or {@code sensecore} (case-insensitive). */
    public static PlatformKind fromId(String id) {
        if (id != null) {
            String wanted = id.trim().toLowerCase(Locale.ROOT);
            for (PlatformKind kind : values()) {
                if (kind.id.equals(wanted)) {
                    return kind;
                }
            }
        }
        throw InvalidInputException.worded("platform", "unknown platform '" + id + "': expected aihc or sensecore");
    }
}
