package io.jenkins.plugins.trainingjob.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

@Command(name = "submit")
final class SubmitCommand implements Callable<Integer> {

    @ParentCommand
    TrainJob root;

    @Override
    public Integer call() {
        throw new CliException(ExitCode.PLATFORM_ERROR, "submit: not yet available");
    }
}
