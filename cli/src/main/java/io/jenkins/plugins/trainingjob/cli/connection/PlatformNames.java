package io.jenkins.plugins.trainingjob.cli.connection;

import java.util.Iterator;
import java.util.List;

/** The values {@code --platform} takes, for shell completion. */
final class PlatformNames implements Iterable<String> {

    @Override
    public Iterator<String> iterator() {
        return List.of("aihc", "sensecore").iterator();
    }
}
