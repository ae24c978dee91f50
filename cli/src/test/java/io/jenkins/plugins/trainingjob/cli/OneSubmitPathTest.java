package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Issue 32: a submit that may take several attempts (here: a retry that is never needed) runs the same
 * flow as a plain one, so a person sees the same: the watch's lines with their estimates, and the exit
 * codes 6 and 7 of a quota refusal (before the one flow, the several-attempt path printed no estimate and
 * classified no quota refusal). The live status line is the same code on both (no terminal here).
 */
class OneSubmitPathTest extends SimulatorBackedCliTest {

    private static final AtomicInteger RUNS = new AtomicInteger();
    private static final List<String> RETRY_NEVER_NEEDED =
            List.of("--retry-limit", "1", "--retry-on-exit-codes", "137");

    /** The 8-GPU job in queue default, where no node can take it: it stays pending. */
    private String blocked() throws Exception {
        Path file = dir.resolve("one-path-" + RUNS.incrementAndGet() + ".yaml");
        Files.writeString(
                file,
                Files.readString(Path.of(spec("gpu8-job.yaml")))
                        .replace("name: sulingang-diagnose-node-taint", "name: one-path-" + RUNS.get()));
        return file.toString();
    }

    private CliHarness.Result submit(List<String> args, List<String> more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(more);
        return cli.run(all.toArray(String[]::new));
    }

    /** The watch's lines ({@code [aihc] job ...}), with the job's name and id made the same. */
    private static List<String> watchLines(CliHarness.Result r) {
        return r.err()
                .replace("\n    ", " ")
                .lines()
                .filter(l -> l.startsWith("[aihc] job "))
                .map(l -> l.replaceAll("one-path-\\d+(-a\\d+)?", "NAME")
                        .replaceAll("pytorchjob-[0-9a-f-]+", "ID")
                        .replaceAll("schedule diagnosis [0-9a-f-]+", "schedule diagnosis DIAG"))
                .toList();
    }

    @Test
    void aPendingJobsWaitSaysTheSameOnBothPaths() throws Exception {
        List<String> common = List.of(
                "--preflight",
                "false",
                "--wait",
                "completed",
                "--pending-timeout",
                "3s", // long enough for the first estimate on a busy machine
                "--poll-interval",
                "50ms",
                "--cancel-on-failure"); // each leaves the queue as it found it
        var plain = submit(List.of("submit", blocked()), common);
        var several = submit(List.of("submit", blocked()), concat(common, RETRY_NEVER_NEEDED));

        assertThat(several.exitCode())
                .as(several.err())
                .isEqualTo(plain.exitCode())
                .isEqualTo(6);
        assertThat(watchLines(plain)).as(plain.err()).anyMatch(l -> l.contains("estimate"));
        assertThat(watchLines(several)).as(several.err()).isEqualTo(watchLines(plain));
    }

    @Test
    void aQuotaRefusalExits7Or6OnBothPaths() throws Exception {
        String[] senseCore = ExitCodeScenariosTest.SENSECORE;
        // 3 x 8 GPUs = 24 > the workspace's 16 reserved: only an administrator helps (exit 7)
        Path tooBig = dir.resolve("sc-one-path.yaml");
        Files.writeString(
                tooBig,
                Files.readString(Path.of(spec("sensecore-small-job.yaml")))
                        .replace("N6lS.Iu.I80.1", "N6lS.Iu.I80.8")
                        .replace("total_replicas: 1", "total_replicas: 3")
                        .replace("cli-sc-small", "sc-one-path"));
        List<String> args = concat(
                List.of("submit", tooBig.toString(), "--preflight", "false", "--wait", "completed"),
                List.of(senseCore));

        var plain = submit(args, List.of());
        var several = submit(concat(args, List.of("--client-token", "one-path-several")), RETRY_NEVER_NEEDED);

        assertThat(plain.exitCode()).as(plain.err()).isEqualTo(7);
        assertThat(several.exitCode()).as(several.err()).isEqualTo(7);
        assertThat(several.err()).contains("MEMBER_QUOTA_EXCEEDED").contains("the job alone needs more than");
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
