package io.jenkins.plugins.trainingjob.cli.output;

import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.snapshot.Baseline;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotStore;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshot;
import io.jenkins.plugins.trainingjob.core.snapshot.StartSnapshotJson;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import io.jenkins.plugins.trainingjob.core.text.ConsoleText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CLI's start snapshots, kept as files a CI runner keeps between runs (an Actions cache, a GitLab
 * artifact): {@code --snapshot-file} is written when core keeps a snapshot (the job started, or pre-flight
 * found a job that is not waited for fitting now), {@code --baseline} is what a pending or refused job is
 * compared with. The baseline is read once, when the command starts, so the same file may be both: the
 * run compares with the last start and leaves its own.
 *
 * <p>A baseline file that is missing is the first run: nothing is compared, and a line says so. One that
 * cannot be used (not a snapshot, from a newer release) does not stop the submit: the report's section says
 * why it was not compared. A snapshot that cannot be written is a warning line; the job goes on.
 */
public final class SnapshotFiles implements SnapshotStore {

    private final Path snapshotFile;
    private final Terminal terminal;
    private final Baseline baseline;
    private final String label;

    private SnapshotFiles(Path snapshotFile, Baseline baseline, Terminal terminal, String label) {
        this.snapshotFile = snapshotFile;
        this.baseline = baseline;
        this.terminal = terminal;
        this.label = label;
    }

    /**
     * The store of one command run; {@link SnapshotStore#NONE} when neither file is given. Reads the baseline
     * now (on the command's thread).
     *
     * @param snapshotFile where to write this run's snapshot, or {@code null}
     * @param baselineFile the snapshot to compare with, or {@code null}
     */
    public static SnapshotStore of(Path snapshotFile, Path baselineFile, Terminal terminal) {
        return of(snapshotFile, baselineFile, terminal, "");
    }

    /**
     * As {@link #of(Path, Path, Terminal)}, naming the run whose snapshot is written {@code label} (the report
     * of a later run says "since {@code label}"; empty: the time it started).
     */
    public static SnapshotStore of(Path snapshotFile, Path baselineFile, Terminal terminal, String label) {
        if (snapshotFile == null && baselineFile == null) {
            return SnapshotStore.NONE;
        }
        if (snapshotFile != null) {
            ReportFiles.checkWritable(snapshotFile);
        }
        return new SnapshotFiles(snapshotFile, read(baselineFile, terminal), terminal, label == null ? "" : label);
    }

    private static Baseline read(Path file, Terminal terminal) {
        if (file == null) {
            return Baseline.NONE;
        }
        if (!Files.exists(file)) {
            terminal.progress("baseline " + ConsoleText.strip(file.toString())
                    + ": no such file yet (a first run): nothing to compare with");
            return Baseline.NONE;
        }
        try {
            return Baseline.of(StartSnapshotJson.read(file));
        } catch (InvalidInputException e) {
            Path name = file.getFileName(); // null only for a root, which is no file
            return Baseline.unusable(
                    ConsoleText.strip(String.valueOf(name == null ? file : name)), ConsoleText.strip(e.getMessage()));
        }
    }

    @Override
    public Baseline baseline() {
        return baseline;
    }

    @Override
    public boolean keeps() {
        return snapshotFile != null;
    }

    /** Written whole or not at all, on the monitor's call pool; a failure is a warning line. */
    @Override
    public void keep(StartSnapshot snapshot) {
        if (snapshotFile == null) {
            return;
        }
        String name = ConsoleText.strip(snapshotFile.toString());
        try {
            StartSnapshotJson.write(snapshotFile, label.isEmpty() ? snapshot : snapshot.withLabel(label));
            terminal.progress("start snapshot"
                    + (snapshot.moment() == StartSnapshot.Moment.PREFLIGHT ? " (pre-flight)" : "") + " written to "
                    + name);
        } catch (IOException | RuntimeException e) {
            String why = e instanceof IOException io ? ReportFiles.reason(io) : String.valueOf(e.getMessage());
            terminal.progress(
                    "warning: the start snapshot could not be written to " + name + ": " + ConsoleText.strip(why));
        }
    }
}
