/*
 * Mirrors jenkinsci/jenkins core/src/main/java/hudson/model/TaskListener.java
 * at 4d8ef2fcf426. Signature stub for compiling the plugin offline: declarations only, no behaviour. Never packaged.
 */
package hudson.model;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;

public interface TaskListener {
    PrintStream getLogger();

    default void hyperlink(String url, String text) throws IOException {
        throw new UnsupportedOperationException("stub");
    }

    default PrintWriter error(String msg) {
        throw new UnsupportedOperationException("stub");
    }
}
