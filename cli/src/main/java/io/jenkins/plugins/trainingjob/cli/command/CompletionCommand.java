package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(
        name = "generate-completion",
        header = "Print a bash/zsh completion script for trainjob and ./trainjob.",
        description = {
            "Completes commands, options, their values (in lower case, as the docs write them) and",
            "file names. Load it in the current shell, or install it for every new one."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  source <(./trainjob generate-completion)",
            "  trainjob generate-completion > ~/.local/share/bash-completion/completions/trainjob"
        })
public final class CompletionCommand implements Callable<Integer> {

    private static final Pattern VALUE_LIST = Pattern.compile("(_option_args=\\()([^)]*)(\\))");

    @Spec
    CommandSpec spec;

    @picocli.CommandLine.ParentCommand
    TrainJob root;

    @Override
    public Integer call() {
        String script = adapt(AutoComplete.bash("trainjob", spec.root().commandLine()));
        Terminal terminal = root.terminal();
        if (terminal.json()) {
            terminal.json(terminal.envelope(ExitCode.SUCCESS, "a bash/zsh completion script for trainjob")
                    .put("completion", java.util.Map.of("shell", "bash", "script", script)));
        } else {
            spec.commandLine().getOut().print(script);
            spec.commandLine().getOut().flush();
        }
        return ExitCode.SUCCESS;
    }

    /**
     * Lower-case option values (the CLI accepts any case; the docs use lower case) and completion for
     * {@code ./trainjob}, the README's way to run it, besides {@code trainjob} on PATH.
     */
    static String adapt(String script) {
        Matcher m = VALUE_LIST.matcher(script);
        StringBuilder out = new StringBuilder(script.length());
        while (m.find()) {
            m.appendReplacement(
                    out, Matcher.quoteReplacement(m.group(1) + m.group(2).toLowerCase(Locale.ROOT) + m.group(3)));
        }
        m.appendTail(out);
        return out.toString()
                .replace(
                        "-o default trainjob trainjob.sh trainjob.bash",
                        "-o default trainjob ./trainjob trainjob.sh trainjob.bash");
    }
}
