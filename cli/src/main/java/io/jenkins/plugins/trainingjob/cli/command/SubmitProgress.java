package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliEnvironment;
import io.jenkins.plugins.trainingjob.cli.terminal.LiveStatusLine;
import io.jenkins.plugins.trainingjob.cli.terminal.Terminal;
import io.jenkins.plugins.trainingjob.core.flow.SubmitEvent;
import io.jenkins.plugins.trainingjob.core.flow.SubmitListener;
import io.jenkins.plugins.trainingjob.core.monitor.MonitorEvent;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;

/**
 * What a submit (or an await) shows while it runs: core's lines on stderr, the job id on stdout as soon as
 * it is known (a script reads it there), and on a terminal one live status line with the latest state, the
 * time waited and the estimate, in place of the heartbeat's "still waiting" lines. Called on the monitor's
 * thread: it only prints.
 */
final class SubmitProgress implements SubmitListener, AutoCloseable {

    private final CliEnvironment env;
    private final Terminal terminal;
    private final boolean tokenGiven;
    private final boolean idOnStdout;
    private volatile LiveStatusLine live;
    private volatile boolean alreadySubmitted;

    /**
     * @param tokenGiven whether the user gave the client token (else each attempt's token line says how to
     *     resume)
     * @param idOnStdout whether the job id goes to stdout as soon as it is known (a plain submit's first line
     *     there); a submit of several attempts prints the id of the job it ended with, at the end
     */
    SubmitProgress(CliEnvironment env, Terminal terminal, boolean tokenGiven, boolean idOnStdout) {
        this.env = env;
        this.terminal = terminal;
        this.tokenGiven = tokenGiven;
        this.idOnStdout = idOnStdout;
    }

    /** Whether the job came from a look-up (its token or reuse found it) rather than a create. */
    boolean alreadySubmitted() {
        return alreadySubmitted;
    }

    @Override
    public void onEvent(SubmitEvent event) {
        if (event instanceof SubmitEvent.PreflightChecked p && p.refused()) {
            return; // the refusal prints the whole report instead
        }
        String message = event.message();
        if (event instanceof SubmitEvent.TokenSaved t && !tokenGiven) {
            message += " (resume only with --client-token " + t.baseToken() + ")";
        }
        if (!message.isEmpty()) {
            message.lines().forEach(terminal::progress);
        }
        if (event instanceof SubmitEvent.Submitted s) {
            alreadySubmitted = s.submitted().alreadySubmitted();
            printId(s.job().id());
        } else if (event instanceof SubmitEvent.Reused r) {
            alreadySubmitted = true;
            printId(r.reused().job().id());
        } else if (event instanceof SubmitEvent.Waiting w && terminal.live() && live == null) {
            live = new LiveStatusLine(terminal, env.time(), w.job());
        }
    }

    private void printId(String id) {
        if (idOnStdout && !terminal.json()) {
            terminal.resultLine(id);
        }
    }

    @Override
    public void onWatchEvent(MonitorEvent event) {
        LiveStatusLine line = live;
        if (line != null) {
            line.update(currentOf(event));
            if (event instanceof MonitorEvent.DiagnosisStarted) {
                line.activity("diagnosing");
            }
            if (event instanceof MonitorEvent.EtaChanged e) {
                line.eta(e.eta());
            }
            if (event instanceof MonitorEvent.Heartbeat) {
                return;
            }
        }
        terminal.progress(event.message());
    }

    private static JobStatus currentOf(MonitorEvent event) {
        if (event instanceof MonitorEvent.StateChanged e) {
            return e.current();
        }
        if (event instanceof MonitorEvent.QueuePositionChanged e) {
            return e.current();
        }
        if (event instanceof MonitorEvent.Heartbeat e) {
            return e.current();
        }
        if (event instanceof MonitorEvent.DiagnosisStarted e) {
            return e.current();
        }
        if (event instanceof MonitorEvent.DiagnosisWaiting e) {
            return e.current();
        }
        return null;
    }

    /** Clears the live line before the outcome is printed. */
    @Override
    public void close() {
        LiveStatusLine line = live;
        if (line != null) {
            line.close();
        }
    }
}
