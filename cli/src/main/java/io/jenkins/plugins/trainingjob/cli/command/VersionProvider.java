package io.jenkins.plugins.trainingjob.cli.command;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** {@code --version}: the build's version, from a resource Maven filters at build time. */
final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {"trainjob " + version(), "Java " + System.getProperty("java.version")};
    }

    /**
     * Read once: picocli asks every command for its version while it builds the command tree (the root's
     * version provider is inherited), so reading the resource each time meant a read per command, each run.
     */
    static String version() {
        return Holder.VERSION;
    }

    private static final class Holder {
        static final String VERSION = read();
    }

    private static String read() {
        Properties p = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // fall through to "unknown"
        }
        return p.getProperty("version", "unknown");
    }
}
