package io.jenkins.plugins.trainingjob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FieldSnapshotTest {

    @SuppressWarnings("unused")
    static class Settings {
        static String shared = "static";
        volatile List<String> names = new ArrayList<>(List.of("a"));
        String interval = "30s";
        transient boolean busy;
    }

    static class MoreSettings extends Settings {
        String extra = "x";
    }

    @Test
    void restorePutsBackEverySavedFieldButNotTransientOrStaticOnes() {
        Settings s = new Settings();
        List<String> before = s.names;
        FieldSnapshot snapshot = FieldSnapshot.of(s, Settings.class);

        s.names = List.of("b");
        s.interval = "5s";
        s.busy = true;
        Settings.shared = "changed";
        snapshot.restore();

        assertThat(s.names).isSameAs(before);
        assertThat(s.interval).isEqualTo("30s");
        assertThat(s.busy).as("transient: not saved state").isTrue();
        assertThat(Settings.shared).isEqualTo("changed");
        Settings.shared = "static";
    }

    @Test
    void onlyTheDeclaringClassesFieldsCountOnASubclass() {
        MoreSettings s = new MoreSettings();
        FieldSnapshot snapshot = FieldSnapshot.of(s, Settings.class);
        s.interval = "1s";
        s.extra = "y";

        snapshot.restore();

        assertThat(s.interval).isEqualTo("30s");
        assertThat(s.extra).isEqualTo("y");
    }

    @Test
    void anObjectOfAnotherClassIsRefused() {
        assertThatThrownBy(() -> FieldSnapshot.of("text", Settings.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not a");
    }
}
