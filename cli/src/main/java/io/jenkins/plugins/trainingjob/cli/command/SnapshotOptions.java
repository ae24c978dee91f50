package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.output.SnapshotFiles;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.snapshot.SnapshotStore;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where a submit's start snapshot goes and which earlier one it is compared with: shared by submit and await. */
public final class SnapshotOptions {

    @Option(
            names = "--snapshot-file",
            paramLabel = "FILE",
            description = "Write the job's start snapshot to FILE when it starts (what made the start possible: the "
                    + "demand, the queue, its nodes, the jobs ahead, the wait); keep it for the next run's "
                    + "--baseline. Without a wait, written when pre-flight finds the job fits now.")
    Path snapshotFile;

    @Option(
            names = "--baseline",
            paramLabel = "FILE",
            description = "A start snapshot of an earlier run (its --snapshot-file) to compare with: a job that "
                    + "stays pending, or that pre-flight refuses, gets the report section \"Since it last started\". "
                    + "A missing file is a first run: nothing is compared. May be the same file as --snapshot-file.")
    Path baseline;

    /** Whether either file was given. */
    boolean given() {
        return snapshotFile != null || baseline != null;
    }

    /** The store of this run; reads the baseline now. */
    SnapshotStore store(Terminal terminal) {
        return SnapshotFiles.of(snapshotFile, baseline, terminal);
    }
}
