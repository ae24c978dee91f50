/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/FilePath.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;

public final class FilePath {
    /** As upstream: a path on the controller (no channel); only stores it. */
    public FilePath(File localPath) {}

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
