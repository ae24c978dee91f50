package io.jenkins.plugins.trainingjob.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.report.Attempt;
import io.jenkins.plugins.trainingjob.core.report.ReportFormat;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import io.jenkins.plugins.trainingjob.steps.Reports;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kohsuke.stapler.StaplerResponse2;

/**
 * The report on the build page: the archived files under the action's {@code files/} (served by core's
 * DirectoryBrowserSupport, which applies the Resource Root URL and the administrator's CSP: read against
 * jenkins-2.541.3, run in SubmitTrainingJobStepJenkinsTest), the earlier URLs redirecting there, one URL
 * per diagnosis, the action saved with the build when attached, and step results that name URLs, not
 * controller paths.
 */
class ScheduleDiagnosisActionTest {
    private static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-42", "resnet");

    @TempDir
    File buildDir;

    private final Run<?, ?> run = mock(Run.class);
    private final List<ScheduleDiagnosisAction> attached = new ArrayList<>();
    private DiagnosisReport report;

    @BeforeEach
    void setUp() throws Exception {
        report = Reports.documentedAihcExample(JOB);
        when(run.getRootDir()).thenReturn(buildDir);
        when(run.getUrl()).thenReturn("job/p/1/");
        when(run.getActions(ScheduleDiagnosisAction.class)).thenAnswer(i -> List.copyOf(attached));
        doAnswer(i -> {
                    ScheduleDiagnosisAction a = i.getArgument(0);
                    a.onAttached(run);
                    attached.add(a);
                    return null;
                })
                .when(run)
                .addAction(any());
    }

    /** What a response received. */
    private static final class Served {
        final Map<String, String> headers = new HashMap<>();
        final ByteArrayOutputStream body = new ByteArrayOutputStream();
        String contentType;
        Integer error;
        String redirect;

        StaplerResponse2 response() throws Exception {
            StaplerResponse2 rsp = mock(StaplerResponse2.class);
            doAnswer(i -> contentType = i.getArgument(0)).when(rsp).setContentType(any());
            doAnswer(i -> headers.put(i.getArgument(0), i.getArgument(1)))
                    .when(rsp)
                    .setHeader(any(), any());
            doAnswer(i -> error = i.getArgument(0)).when(rsp).sendError(org.mockito.ArgumentMatchers.anyInt());
            doAnswer(i -> redirect = i.getArgument(0)).when(rsp).sendRedirect(any());
            when(rsp.getOutputStream()).thenReturn(new ServletOutputStream() {
                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {}

                @Override
                public void write(int b) {
                    body.write(b);
                }
            });
            return rsp;
        }

        String text() {
            return body.toString(StandardCharsets.UTF_8);
        }
    }

    private ScheduleDiagnosisAction attach() throws Exception {
        ReportArchive.attach(run, report);
        return attached.get(attached.size() - 1);
    }

    @Test
    void aReportOfASubmitThatMovedListsEveryAttemptOnItsPageAndInItsFiles() throws Exception {
        List<Attempt> attempts = List.of(
                new Attempt(
                        1,
                        "primary",
                        "t",
                        "job-1",
                        Verdict.FITS_LATER,
                        "unschedulable",
                        Duration.ofMinutes(15),
                        "still pending after the pending timeout (diagnosis kept); stopped, moved to target 2"),
                new Attempt(2, "queue=spot\u001b[31m", "t-a2", "job-2", null, "scheduled", Duration.ofSeconds(4), ""));

        ReportArchive.attach(run, report, attempts);
        ScheduleDiagnosisAction action = attached.get(attached.size() - 1);

        assertThat(action.getAttempts())
                .extracting(
                        ScheduleDiagnosisAction.AttemptRow::getNumber,
                        ScheduleDiagnosisAction.AttemptRow::getTarget,
                        ScheduleDiagnosisAction.AttemptRow::getVerdict,
                        ScheduleDiagnosisAction.AttemptRow::getWaited)
                .first()
                .isEqualTo(org.assertj.core.groups.Tuple.tuple(1, "primary", "FITS_LATER", "15m"));
        assertThat(action.getAttempts().get(1).getWaited()).isEqualTo("4s");
        // control characters never reach the page
        assertThat(action.getAttempts().get(1).getTarget())
                .startsWith("queue=spot")
                .doesNotContain("\u001b");
        File html = new File(buildDir, action.getReportDirectory() + "/schedule-diagnosis.html");
        assertThat(java.nio.file.Files.readString(html.toPath())).contains("<h3>Attempt 1: primary</h3>");
        // a report of one attempt has none
        ReportArchive.attach(run, report);
        assertThat(attached.get(attached.size() - 1).getAttempts()).isEmpty();
    }

    @Test
    void theActionIsSavedWithTheBuildWhenAttached() throws Exception {
        attach();

        verify(run).save();
    }

    @Test
    void theActionStoresCoresReportWholeAndThePageIsBuiltFromIt() throws Exception {
        ScheduleDiagnosisAction action = attach();

        assertThat(action.report()).isEqualTo(report);
        assertThat(action.getHeadline()).isEqualTo(report.headline());
        assertThat(action.getSummary()).isEqualTo(report.summaryLines());
        assertThat(action.getFindings())
                .hasSize(report.rules().stream()
                        .mapToInt(r -> r.reasons().size())
                        .sum());
    }

    @Test
    void aReportThisVersionCannotReadSaysSoInsteadOfBreakingThePage() throws Exception {
        ScheduleDiagnosisAction action = attach();
        Field json = ScheduleDiagnosisAction.class.getDeclaredField("reportJson");
        json.setAccessible(true);
        json.set(action, "{\"schemaVersion\": 99}"); // as a newer plugin would have saved it
        Field view = ScheduleDiagnosisAction.class.getDeclaredField("view");
        view.setAccessible(true);
        view.set(action, null); // as after a restart

        assertThat(action.getHeadline())
                .startsWith("This version of the plugin cannot read this report")
                .contains("schemaVersion");
        assertThat(action.getFindings()).isEmpty();
    }

    @Test
    void theEarlierFileUrlsRedirectToTheFilesCoreServes() throws Exception {
        ScheduleDiagnosisAction action = attach();
        Served json = new Served();
        Served html = new Served();
        Served junit = new Served();

        action.doJson(json.response());
        action.doHtml(html.response());
        action.doJunit(junit.response());

        assertThat(json.redirect).isEqualTo("files/schedule-diagnosis.json");
        assertThat(html.redirect).isEqualTo("files/schedule-diagnosis.html");
        assertThat(junit.redirect).isEqualTo("files/schedule-diagnosis-junit.xml");
        assertThat(html.body.size())
                .as("nothing served from the Jenkins origin by the action itself")
                .isZero();
        assertThat(new File(buildDir, "training-job/pytorchjob-42/schedule-diagnosis.html"))
                .hasContent(ReportFormat.HTML.render(report));
    }

    @Test
    void theFilesAreServedByCoresDirectoryBrowserSupport() throws Exception {
        ScheduleDiagnosisAction action = attach();

        assertThat(action.doFiles()).isInstanceOf(hudson.model.DirectoryBrowserSupport.class);
    }

    @Test
    void theStepResultNamesUrlsNotPathsOnTheController() throws Exception {
        ArchivedReport archived = ReportArchive.attach(run, report);

        assertThat(archived.url()).isEqualTo("job/p/1/training-job-pytorchjob-42/");
        assertThat(archived.files())
                .containsOnly(
                        Map.entry("html", "job/p/1/training-job-pytorchjob-42/files/schedule-diagnosis.html"),
                        Map.entry("json", "job/p/1/training-job-pytorchjob-42/files/schedule-diagnosis.json"),
                        Map.entry("junit", "job/p/1/training-job-pytorchjob-42/files/schedule-diagnosis-junit.xml"));
        assertThat(archived.files().values()).noneMatch(v -> v.contains(buildDir.getPath()));
    }

    @Test
    void twoDiagnosesOfOneJobInABuildGetTheirOwnUrlsAndFiles() throws Exception {
        ScheduleDiagnosisAction first = attach();
        ScheduleDiagnosisAction second = attach();

        assertThat(first.getUrlName()).isEqualTo("training-job-pytorchjob-42");
        assertThat(second.getUrlName()).isEqualTo("training-job-pytorchjob-42-2");
        assertThat(second.getReportDirectory()).isEqualTo("training-job/pytorchjob-42-2");
        assertThat(new File(buildDir, "training-job/pytorchjob-42/schedule-diagnosis.json"))
                .exists();
        assertThat(new File(buildDir, "training-job/pytorchjob-42-2/schedule-diagnosis.json"))
                .exists();
    }

    @Test
    void aFormatTheActionDoesNotHaveIsNotFound() throws Exception {
        ScheduleDiagnosisAction action =
                ScheduleDiagnosisAction.of(report, Map.of("json", "schedule-diagnosis.json"), "training-job-x", "x");
        Served html = new Served();

        action.doHtml(html.response());

        assertThat(html.error).isEqualTo(HttpServletResponse.SC_NOT_FOUND);
        assertThat(html.redirect).isNull();
    }

    @Test
    void anActionSavedBeforeUrlsWereNumberedKeepsItsUrlAndFolder() throws Exception {
        ScheduleDiagnosisAction action = attach();
        for (String name : new String[] {"urlName", "directory"}) {
            Field f = ScheduleDiagnosisAction.class.getDeclaredField(name);
            f.setAccessible(true);
            f.set(action, null); // as XStream leaves a field the saved XML does not have
        }

        assertThat(action.getUrlName()).isEqualTo("training-job-pytorchjob-42");
        assertThat(action.getReportDirectory()).isEqualTo("training-job/pytorchjob-42");
        Served json = new Served();
        action.doJson(json.response());
        assertThat(json.redirect).isEqualTo("files/schedule-diagnosis.json");
    }

    @Test
    void theBuildPageSummaryPrintsTheWholeHeadlineOnceAndThenTheOtherLines() throws Exception {
        ScheduleDiagnosisAction action = attach();

        assertThat(action.getSummary().get(0))
                .as("the summary's own first line is cut")
                .hasSizeLessThanOrEqualTo(100);
        assertThat(action.getSummaryDetails())
                .isEqualTo(action.getSummary().subList(1, action.getSummary().size()));
        assertThat(action.getHeadline()).isEqualTo(report.headline());
        assertThat(action.getIconFileName())
                .as("a core symbol, not a legacy icon")
                .isEqualTo("symbol-document-text");
    }
}
