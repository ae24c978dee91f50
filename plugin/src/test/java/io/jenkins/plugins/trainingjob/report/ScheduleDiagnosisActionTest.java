package io.jenkins.plugins.trainingjob.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import hudson.model.Run;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.kohsuke.stapler.StaplerResponse2;

/**
 * The report on the build page: files served by the action with their content types, the HTML sandboxed,
 * one URL per diagnosis, the action saved with the build when attached.
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
        }).when(run).addAction(any());
    }

    /** What a response received. */
    private static final class Served {
        final Map<String, String> headers = new HashMap<>();
        final ByteArrayOutputStream body = new ByteArrayOutputStream();
        String contentType;
        Integer error;

        StaplerResponse2 response() throws Exception {
            StaplerResponse2 rsp = mock(StaplerResponse2.class);
            doAnswer(i -> contentType = i.getArgument(0)).when(rsp).setContentType(any());
            doAnswer(i -> headers.put(i.getArgument(0), i.getArgument(1))).when(rsp).setHeader(any(), any());
            doAnswer(i -> error = i.getArgument(0)).when(rsp).sendError(org.mockito.ArgumentMatchers.anyInt());
            when(rsp.getOutputStream()).thenReturn(new ServletOutputStream() {
                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setWriteListener(WriteListener listener) {
                }

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
    void theActionIsSavedWithTheBuildWhenAttached() throws Exception {
        attach();

        verify(run).save();
    }

    @Test
    void eachFileIsServedWithItsContentType() throws Exception {
        ScheduleDiagnosisAction action = attach();
        Served json = new Served();
        Served junit = new Served();

        action.doJson(json.response());
        action.doJunit(junit.response());

        assertThat(json.contentType).isEqualTo("application/json;charset=UTF-8");
        assertThat(json.text()).isEqualTo(ReportFormat.JSON.render(report));
        assertThat(junit.contentType).isEqualTo("application/xml;charset=UTF-8");
        assertThat(junit.text()).isEqualTo(ReportFormat.JUNIT.render(report));
        assertThat(json.headers).containsEntry("X-Content-Type-Options", "nosniff");
    }

    /** Security review S6: an XML file on Jenkins' origin runs XHTML script unless a policy forbids it. */
    @Test
    void theJsonAndJunitFilesAreServedSandboxedToo() throws Exception {
        ScheduleDiagnosisAction action = attach();
        Served json = new Served();
        Served junit = new Served();

        action.doJson(json.response());
        action.doJunit(junit.response());

        for (Served served : List.of(json, junit)) {
            assertThat(served.headers.get("Content-Security-Policy")).isNotNull().startsWith("sandbox;")
                    .contains("default-src 'none'").doesNotContain("allow-scripts").doesNotContain("script-src");
        }
    }

    @Test
    void theHtmlIsServedSandboxedSoNoScriptInItCanRun() throws Exception {
        ScheduleDiagnosisAction action = attach();
        Served html = new Served();

        action.doHtml(html.response());

        assertThat(html.contentType).isEqualTo("text/html;charset=UTF-8");
        assertThat(html.text()).isEqualTo(ReportFormat.HTML.render(report));
        String policy = html.headers.get("Content-Security-Policy");
        assertThat(policy).startsWith("sandbox;").contains("default-src 'none'").doesNotContain("allow-scripts")
                .doesNotContain("script-src");
    }

    @Test
    void twoDiagnosesOfOneJobInABuildGetTheirOwnUrlsAndFiles() throws Exception {
        ScheduleDiagnosisAction first = attach();
        ScheduleDiagnosisAction second = attach();

        assertThat(first.getUrlName()).isEqualTo("training-job-pytorchjob-42");
        assertThat(second.getUrlName()).isEqualTo("training-job-pytorchjob-42-2");
        assertThat(second.getReportDirectory()).isEqualTo("training-job/pytorchjob-42-2");
        assertThat(new File(buildDir, "training-job/pytorchjob-42/schedule-diagnosis.json")).exists();
        assertThat(new File(buildDir, "training-job/pytorchjob-42-2/schedule-diagnosis.json")).exists();
    }

    @Test
    void aFileThatIsGoneIsNotFound() throws Exception {
        ScheduleDiagnosisAction action = attach();
        assertThat(new File(buildDir, "training-job/pytorchjob-42/schedule-diagnosis.html").delete()).isTrue();
        Served html = new Served();

        action.doHtml(html.response());

        assertThat(html.error).isEqualTo(HttpServletResponse.SC_NOT_FOUND);
        assertThat(html.body.size()).isZero();
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
        assertThat(json.text()).isEqualTo(ReportFormat.JSON.render(report));
    }

    @Test
    void theBuildPageSummaryPrintsTheWholeHeadlineOnceAndThenTheOtherLines() throws Exception {
        ScheduleDiagnosisAction action = attach();

        assertThat(action.getSummary().get(0)).as("the summary's own first line is cut").hasSizeLessThanOrEqualTo(100);
        assertThat(action.getSummaryDetails()).isEqualTo(action.getSummary().subList(1, action.getSummary().size()));
        assertThat(action.getHeadline()).isEqualTo(report.headline());
        assertThat(action.getIconFileName()).as("a core symbol, not a legacy icon").isEqualTo("symbol-document-text");
    }
}
