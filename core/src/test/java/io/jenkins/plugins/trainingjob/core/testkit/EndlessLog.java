package io.jenkins.plugins.trainingjob.core.testkit;

import io.jenkins.plugins.trainingjob.core.platform.JobLogs;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.LogChunk;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An AIHC-like platform whose every worker's log is 2 GB of equal lines, made up page by page as it is
 * asked for (the marker a line offset) and never stored: what a bounded read of a huge log is tested and
 * measured against. Counts what it served.
 */
public final class EndlessLog extends FakePlatform implements JobLogs {

    /** The log's length, line breaks included. */
    public static final long LOG_BYTES = 2L << 30;
    /** The most one page carries; a page of long lines has fewer lines than asked for. */
    public static final long PAGE_BYTES = 4L << 20;

    private final int lineBytes;
    private final String line;
    private final AtomicLong served = new AtomicLong();
    private final AtomicInteger pages = new AtomicInteger();
    private final List<String> workersAsked = new CopyOnWriteArrayList<>();

    /** Lines of {@code lineBytes} commas each (one byte each in UTF-8). */
    public EndlessLog(int lineBytes) {
        super(PlatformKind.AIHC);
        this.lineBytes = lineBytes;
        this.line = ",".repeat(lineBytes);
    }

    @Override
    public LogChunk logs(JobRef job, String worker, String marker, int maxLines) {
        workersAsked.add(worker);
        pages.incrementAndGet();
        long from = marker == null ? 0 : Long.parseLong(marker);
        long total = LOG_BYTES / (lineBytes + 1);
        // a server cuts a page of long lines at its body limit, as AIHC's 16 MiB answers are cut (4 MiB here)
        maxLines = (int) Math.max(1, Math.min(maxLines, PAGE_BYTES / (lineBytes + 1)));
        List<String> page = new ArrayList<>();
        long i = from;
        for (; i < Math.min(total, from + maxLines); i++) {
            page.add(new String(line)); // a string per line, as a parsed page has
            served.addAndGet(lineBytes + 1);
        }
        return new LogChunk(page, Long.toString(i));
    }

    /** The bytes of log served so far, line breaks included. */
    public long served() {
        return served.get();
    }

    /** The logs calls made so far. */
    public int pages() {
        return pages.get();
    }

    /** The workers whose log was asked for, one entry per call. */
    public List<String> workersAsked() {
        return List.copyOf(workersAsked);
    }
}
