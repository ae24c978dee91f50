/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/FilePath.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;

public final class FilePath {
    private final String remote;

    /**
     * As upstream: a path on the controller (no channel), stored normalized. Upstream's {@code normalize}
     * folds separators, {@code .} and {@code ..} as {@link java.nio.file.Path#normalize()} does for the absolute
     * paths the plugin passes.
     */
    public FilePath(File localPath) {
        this.remote = localPath.toPath().normalize().toString();
    }

    /** As upstream: the path as stored. */
    public String getRemote() {
        return remote;
    }

    public FilePath child(String relOrAbsolute) {
        throw new UnsupportedOperationException("stub");
    }

    public boolean exists() throws IOException, InterruptedException {
        throw new UnsupportedOperationException("stub");
    }

    public String readToString() throws IOException, InterruptedException {
        throw new UnsupportedOperationException("stub");
    }

    public long length() throws IOException, InterruptedException {
        throw new UnsupportedOperationException("stub");
    }

    public InputStream read() throws IOException, InterruptedException {
        throw new UnsupportedOperationException("stub");
    }

    public void mkdirs() throws IOException, InterruptedException {
        throw new UnsupportedOperationException("stub");
    }

    public void write(String content, String encoding) throws IOException, InterruptedException {
        throw new UnsupportedOperationException("stub");
    }
}
