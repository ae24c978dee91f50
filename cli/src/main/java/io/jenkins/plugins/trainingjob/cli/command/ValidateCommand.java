package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

@Command(
        name = "validate",
        header = "Check a job spec without submitting it; lists every problem at once (exit 2).",
        description = {
            "Reads the spec (a file, or - for standard input), fills in $${NAME} values and checks it",
            "against the platform's rules, offline: no credentials or connection are needed."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  trainjob validate docs/examples/aihc-job.yaml",
            "  trainjob validate job.yaml --set IMAGE_TAG=1.4.2 --output-format json"
        })
public final class ValidateCommand implements Callable<Integer> {

    @ParentCommand
    TrainJob root;

    @Mixin
    SpecOptions spec;

    @Override
    public Integer call() {
        JobSpec loaded = spec.load(root.env());
        Terminal terminal = root.terminal();
        String line = spec.sourceName() + ": valid " + loaded.platform().displayName() + " job spec"
                + (loaded.name().isEmpty() ? "" : " '" + loaded.name() + "'");
        if (terminal.json()) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("file", spec.sourceName());
            doc.put("valid", true);
            doc.put("name", loaded.name());
            terminal.json(terminal.envelope(ExitCode.SUCCESS, line)
                    .platform(loaded.platform())
                    .put("spec", doc));
        } else {
            terminal.resultLine(line);
        }
        return ExitCode.SUCCESS;
    }
}
