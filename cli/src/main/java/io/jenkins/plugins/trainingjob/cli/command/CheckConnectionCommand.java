package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.ExitCode;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionOptions;
import io.jenkins.plugins.trainingjob.cli.connection.ConnectionResolver;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.platform.ConnectionSettings;
import io.jenkins.plugins.trainingjob.core.platform.StatusPage;
import io.jenkins.plugins.trainingjob.core.platform.TrainingPlatform;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParentCommand;

@Command(
        name = "check-connection",
        header = "Check connection and credentials by listing one job, as Jenkins' Test connection does.",
        description = {
            "Exit 0 when the platform answers with the resolved settings; otherwise the error says",
            "what is wrong (credentials refused: exit 5; a setting missing: exit 2). Nothing is changed."
        },
        footerHeading = "%nExamples:%n",
        footer = {
            "  trainjob check-connection",
            "  trainjob check-connection --platform aihc --region bj --resource-pool cce-abc",
            "  trainjob check-connection --profile prod -o json"
        })
public final class CheckConnectionCommand implements Callable<Integer> {

    @ParentCommand
    TrainJob root;

    @Mixin
    ConnectionOptions connection;

    @Override
    public Integer call() {
        Terminal terminal = root.terminal();
        ConnectionSettings settings = ConnectionResolver.resolve(root.env(), connection, null);
        String where = settings.platform() == PlatformKind.AIHC
                ? "resource pool " + settings.aihc().resourcePoolId()
                : "workspace " + settings.senseCore().workspace();
        int listed;
        try (TrainingPlatform platform = root.env().connector().connect(settings)) {
            StatusPage page = platform.listStatuses(null, 1);
            listed = page.jobs().size();
        }
        String line = settings.platform().displayName() + " at " + settings.resolvedEndpoint()
                + " accepted the credentials; " + where + " lists " + (listed == 0 ? "no jobs" : "jobs");
        if (terminal.json()) {
            Map<String, Object> doc = new LinkedHashMap<>();
            doc.put("endpoint", settings.resolvedEndpoint().toString());
            doc.put("scope", where);
            doc.put("ok", true);
            terminal.json(terminal.envelope(ExitCode.SUCCESS, "ok: " + line)
                    .platform(settings.platform())
                    .put("connection", doc));
        } else {
            terminal.resultLine(terminal.green("ok") + ": " + line);
        }
        return ExitCode.SUCCESS;
    }
}
