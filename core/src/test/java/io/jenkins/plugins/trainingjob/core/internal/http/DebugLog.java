package io.jenkins.plugins.trainingjob.core.internal.http;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The platform clients' debug log ({@link CallExecutor#LOGGER_NAME} at FINE), captured while open.
 *
 * <p>Captures may overlap, since test classes run side by side (junit-platform.properties): the logger stays
 * at FINE while any capture is open and gets its level back when the last one closes, and a capture holds
 * every message logged while it is open, other tests' too.
 */
public final class DebugLog implements AutoCloseable {
    private static final Object LEVEL_LOCK = new Object();
    private static int openCaptures;
    private static Level levelBefore;

    private final Logger logger = Logger.getLogger(CallExecutor.LOGGER_NAME);
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            lines.add(record.getMessage());
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
    };

    private DebugLog() {
        synchronized (LEVEL_LOCK) {
            if (openCaptures++ == 0) {
                levelBefore = logger.getLevel();
                logger.setLevel(Level.FINE);
            }
        }
        handler.setLevel(Level.ALL);
        logger.addHandler(handler);
    }

    /** Turns the debug log on and starts collecting its messages; close to restore the logger. */
    public static DebugLog capture() {
        return new DebugLog();
    }

    public List<String> lines() {
        return List.copyOf(lines);
    }

    /** All messages so far, one per line. */
    public String text() {
        return String.join("\n", lines);
    }

    @Override
    public void close() {
        logger.removeHandler(handler);
        synchronized (LEVEL_LOCK) {
            if (--openCaptures == 0) {
                logger.setLevel(levelBefore);
            }
        }
    }
}
