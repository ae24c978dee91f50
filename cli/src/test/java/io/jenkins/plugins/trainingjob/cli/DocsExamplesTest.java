package io.jenkins.plugins.trainingjob.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.cli.command.SimulatorCommand;
import io.jenkins.plugins.trainingjob.simulator.Simulator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the documentation's examples as written, so a docs change that breaks one fails the build. A code
 * block preceded by a {@code <!-- docs-example ... -->} comment is a shell session: each {@code ./trainjob}
 * line runs in-process against an embedded simulator (the one {@code ./trainjob simulator ... &} would
 * start), {@code export} lines set variables, {@code X=$(...)} captures stdout, a trailing
 * {@code # exit N} is the expected exit code (else 0).
 *
 * <p>What differs from a shell, so the test stays fast: the simulator runs in fast mode (no AIHC
 * 5-minute pre-check) and 40 times faster than the wall clock (the examples say 10: a 20 s job runs 0.5 s
 * instead of 2 s), {@code --pending-timeout} becomes 300ms (the jobs that meet it never fit their queue),
 * and a command that polls gets {@code --poll-interval 100ms}; files the examples write go to a temporary
 * directory.
 */
class DocsExamplesTest {

    static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    static final Pattern MARKER =
            Pattern.compile("<!-- docs-example[^>]*-->\\s*\\n```[a-z]*\\n(.*?)\\n```", Pattern.DOTALL);
    static final Pattern EXIT = Pattern.compile("#\\s*exit (\\d+)");
    static final Pattern CAPTURE = Pattern.compile("^([A-Z_]+)=\\$\\((.*)\\)$");

    static Simulator sim;

    @TempDir
    Path dir;

    @BeforeAll
    static void startSimulator() {
        sim = SimulatedPlatform.start(40.0);
    }

    @AfterAll
    static void stopSimulator() {
        sim.close();
    }

    @Test
    void theCliReferenceSimulatorQuickStartRunsAsWritten() throws IOException {
        List<String> blocks = blocks(ROOT.resolve("docs/cli.md"));
        assertThat(blocks).as("marked examples in docs/cli.md").isNotEmpty();
        for (String block : blocks) {
            run(block);
        }
    }

    @Test
    void theReadmeExamplesRunAsWritten() throws IOException {
        List<String> blocks = blocks(ROOT.resolve("README.md"));
        assertThat(blocks).as("marked examples in README.md").isNotEmpty();
        for (String block : blocks) {
            run(block);
        }
    }

    @Test
    void theSenseCoreExampleOverItsReservationIsLetThroughByPreflightAndRefusedAtCreateWithExit7() throws IOException {
        // what docs/cli.md's quick start and the example's header say WORKERS=3 does
        CliHarness cli = SimulatedPlatform.pointAt(sim, new CliHarness(dir.resolve("home")));
        cli.env.putAll(Map.of(
                "TRAINJOB_PLATFORM", "sensecore",
                "TRAINJOB_SUBSCRIPTION", "sim-sub",
                "TRAINJOB_RESOURCE_GROUP", "default",
                "TRAINJOB_ZONE", "cn-sh-01z",
                "TRAINJOB_WORKSPACE", "sim-ws"));
        String spec = ROOT.resolve("docs/examples/simulator-sensecore-does-not-fit.yaml")
                .toString();

        var check = cli.run("check", spec, "--set", "BUILD_NUMBER=31", "--set", "WORKERS=3");
        assertThat(check.exitCode()).as(check.err()).isZero();
        assertThat(check.out()).contains("Not checked: ReservedQuota");

        var submit = cli.run("submit", spec, "--set", "BUILD_NUMBER=32", "--set", "WORKERS=3");
        assertThat(submit.exitCode()).as(submit.err()).isEqualTo(7);
        assertThat(submit.err()).contains("MEMBER_QUOTA_EXCEEDED");
        assertThat(Files.readString(ROOT.resolve("docs/cli.md")))
                .contains("`check` exits 0")
                .contains("`submit` exits 7");
    }

    @Test
    void everySimulatorKnobTheExamplesUseIsDocumented() throws IOException {
        String readme = Files.readString(ROOT.resolve("simulator/README.md"));
        List<String> knobs = new ArrayList<>();
        try (var files = Files.list(ROOT.resolve("docs/examples"))) {
            for (Path f : files.filter(f -> f.toString().endsWith(".yaml")).toList()) {
                Matcher m = Pattern.compile("(?:name|key):\\s*(SIM_[A-Z_]+)").matcher(Files.readString(f));
                while (m.find()) {
                    knobs.add(m.group(1));
                }
            }
        }
        assertThat(knobs).contains("SIM_LOG_LINES").allSatisfy(k -> assertThat(readme)
                .contains("`" + k + "="));
    }

    @Test
    void theReadmeLinksTheReleaseExamplesTheActionAndTheGitlabTemplate() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        for (String target : List.of(
                ".github/actions/trainjob/action.yml",
                "docs/examples/github-release.yml",
                "docs/ci/gitlab-trainjob.yml",
                "docs/examples/Jenkinsfile.release")) {
            assertThat(readme).as("README links %s (D10)", target).contains("](" + target + ")");
            assertThat(ROOT.resolve(target)).exists();
        }
        assertThat(readme).contains("| `trainjob history");
    }

    @Test
    void noDocumentRepeatsAHeading() throws IOException {
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("simulator/README.md")));
        try (var files = Files.list(ROOT.resolve("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).forEach(docs::add);
        }
        for (Path doc : docs) {
            List<String> headings = Files.readString(doc)
                    .replaceAll("(?s)```.*?```", "")
                    .lines()
                    .filter(l -> l.startsWith("#"))
                    .toList();
            assertThat(headings).as("headings of %s", doc.getFileName()).doesNotHaveDuplicates();
        }
    }

    @Test
    void theSimulatorBannerPrintsTheExportsTheQuickStartUses() throws IOException {
        String banner = SimulatorCommand.banner(sim, "seed-taint-and-gpu");
        String port = Integer.toString(sim.baseUrl().getPort());
        for (String block : blocks(ROOT.resolve("docs/cli.md"))) {
            for (String line :
                    block.lines().filter(l -> l.startsWith("export ")).toList()) {
                for (String pair : line.substring("export ".length()).trim().split("\\s+")) {
                    assertThat(banner).as("banner offers " + pair).contains(pair.replace("8080", port));
                }
            }
        }
    }

    @Test
    void everyExampleSpecAndEveryInlineSpecOfTheJenkinsfilesIsValid() throws IOException {
        CliHarness cli = new CliHarness(dir.resolve("home"));
        String[] values = {
            "--set",
            "BUILD_NUMBER=7",
            "--set",
            "IMAGE_TAG=1.4",
            "--set",
            "WORKERS=2",
            "--set",
            "GIT_COMMIT=abc123",
            "--set",
            "LR=3e-4",
            "--set",
            "SIM_ACCURACY=0.86"
        };
        List<Path> specs = new ArrayList<>();
        try (var files = Files.list(ROOT.resolve("docs/examples"))) {
            files.filter(f -> f.toString().endsWith(".yaml")).sorted().forEach(specs::add);
        }
        Pattern inlineSpec = Pattern.compile("def spec = '''\\n(.*?)'''", Pattern.DOTALL);
        try (var files = Files.list(ROOT.resolve("docs/examples"))) {
            for (Path jenkinsfile : files.filter(f -> f.getFileName().toString().startsWith("Jenkinsfile"))
                    .sorted()
                    .toList()) {
                Matcher inline = inlineSpec.matcher(Files.readString(jenkinsfile));
                while (inline.find()) {
                    Path extracted = dir.resolve(jenkinsfile.getFileName() + ".yaml");
                    Files.writeString(extracted, inline.group(1));
                    specs.add(extracted);
                }
            }
        }
        assertThat(specs).hasSizeGreaterThan(4);
        for (Path spec : specs) {
            List<String> args = new ArrayList<>(List.of("validate", spec.toString()));
            args.addAll(List.of(values));
            var result = cli.run(args.toArray(String[]::new));
            assertThat(result.exitCode())
                    .as("%s: %s", spec.getFileName(), result.err())
                    .isZero();
        }
    }

    static List<String> blocks(Path file) throws IOException {
        Matcher m = MARKER.matcher(Files.readString(file));
        List<String> blocks = new ArrayList<>();
        while (m.find()) {
            blocks.add(m.group(1));
        }
        return blocks;
    }

    /** One block as a shell would run it, line by line. */
    void run(String block) {
        Map<String, String> vars = new HashMap<>();
        CliHarness cli = new CliHarness(dir.resolve("home"));
        for (String line : joinContinuations(block)) {
            String command = line.replaceAll("\\s+#.*$", "").trim();
            if (command.isEmpty()
                    || command.startsWith("#")
                    || command.startsWith("kill ")
                    || command.startsWith("./trainjob simulator")) {
                continue;
            }
            if (command.startsWith("export ")) {
                for (String pair : command.substring("export ".length()).trim().split("\\s+")) {
                    String[] kv = pair.split("=", 2);
                    String value =
                            kv[0].equals("TRAINJOB_ENDPOINT") ? sim.baseUrl().toString() : kv[1];
                    cli.env.put(kv[0], value);
                }
                continue;
            }
            String capture = null;
            Matcher c = CAPTURE.matcher(command);
            if (c.matches()) {
                capture = c.group(1);
                command = c.group(2);
            }
            assertThat(command).as("a docs example line").startsWith("./trainjob ");
            List<String> args = args(command.substring("./trainjob ".length()), vars);
            Matcher exit = EXIT.matcher(line);
            int expected = exit.find() ? Integer.parseInt(exit.group(1)) : 0;
            var result = cli.run(args.toArray(String[]::new));
            assertThat(result.exitCode())
                    .as("exit code of: %s%nstdout:%n%s%nstderr:%n%s", line, result.out(), result.err())
                    .isEqualTo(expected);
            result.withoutStackTrace();
            if (capture != null) {
                vars.put(capture, result.out().strip());
            }
        }
    }

    static List<String> joinContinuations(String block) {
        List<String> lines = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String raw : block.lines().toList()) {
            if (raw.endsWith("\\")) {
                current.append(raw, 0, raw.length() - 1).append(' ');
            } else {
                lines.add(current.append(raw).toString());
                current.setLength(0);
            }
        }
        return lines;
    }

    /** Shell words with "$VAR" expanded; repository files made absolute; scaled timing; outputs to a temp dir. */
    List<String> args(String text, Map<String, String> vars) {
        List<String> words = new ArrayList<>();
        for (String word : text.trim().split("\\s+")) {
            String w = word.replaceAll("^\"|\"$", "");
            if (w.startsWith("$")) {
                w = vars.getOrDefault(w.substring(1), "");
            }
            words.add(w);
        }
        List<String> out = new ArrayList<>();
        boolean polls = false;
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            if (w.equals("--pending-timeout") && i + 1 < words.size()) {
                out.add(w);
                out.add("300ms");
                i++;
                continue;
            }
            if ((w.equals("--report-file") || w.equals("--output")) && i + 1 < words.size()) {
                out.add(w);
                out.add(dir.resolve(words.get(++i)).toString());
                continue;
            }
            polls |= w.equals("--wait")
                    || w.equals("--watch")
                    || w.equals("-w")
                    || w.equals("-f")
                    || w.equals("--follow");
            out.add(
                    !w.startsWith("-") && Files.exists(ROOT.resolve(w)) && w.contains("/")
                            ? ROOT.resolve(w).toString()
                            : w);
        }
        if (polls && !out.contains("--poll-interval")) {
            out.add("--poll-interval");
            out.add("100ms");
        }
        return out;
    }
}
