package io.jenkins.plugins.trainingjob.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import hudson.model.Job;
import hudson.model.Run;
import io.jenkins.plugins.trainingjob.JellyPage;
import io.jenkins.plugins.trainingjob.RenderedViews;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.diagnosis.Verdict;
import io.jenkins.plugins.trainingjob.core.outcome.Outcome;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The job page's trend as {@code floatingBox.jelly} draws it, included the way core's {@code
 * projectActionFloatingBox.jelly} includes it ({@code it}: the job; {@code action}: the trend). The SVG is
 * inline, so its labels take the page's text colour (the dark theme's too, review R2), and drawing it walks the
 * builds once. The page is kept under {@code target/rendered-views/} in a light and a dark frame.
 */
class PendingTimeTrendViewTest {
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
    private final AtomicInteger walked = new AtomicInteger();

    @SuppressWarnings({"rawtypes", "unchecked"})
    private Job jobWithBuilds() {
        Job job = mock(Job.class);
        Run<?, ?> previous = null;
        for (int n = 1; n <= 14; n++) {
            Run<?, ?> run = mock(Run.class);
            List<Object> actions = new ArrayList<>();
            Run<?, ?> before = previous;
            when(run.getNumber()).thenReturn(n);
            doAnswer(i -> {
                        walked.incrementAndGet();
                        return before;
                    })
                    .when(run)
                    .getPreviousBuild();
            doAnswer(i -> actions.add(i.getArgument(0))).when(run).addAction(any());
            when(run.getAction(PendingTimeAction.class))
                    .thenAnswer(i -> actions.isEmpty() ? null : (PendingTimeAction) actions.get(0));
            if (n > 2) {
                PendingTimeAction.record(run, wait(n));
            }
            previous = run;
        }
        when(job.getLastBuild()).thenReturn(previous);
        return job;
    }

    /** Mostly scheduled after minutes; every fifth stayed pending and was diagnosed; one with no start time. */
    private static PendingTime wait(int n) {
        JobRef job = new JobRef(PlatformKind.AIHC, "job-" + n, "resnet <b>" + n);
        if (n % 5 == 0) {
            DiagnosisReport report = new DiagnosisReport(
                    DiagnosisReport.SCHEMA_VERSION,
                    job,
                    "d-" + n,
                    "stuck",
                    Verdict.FITS_LATER,
                    "fits later",
                    1,
                    List.of(),
                    List.of("gpu-queue"),
                    List.of(),
                    List.of(),
                    List.of());
            return PendingTime.of(new Outcome.Unschedulable(status(job, null), report), job, null);
        }
        Instant started = n == 7 ? null : T0.plusSeconds(60L * (3 + (n * 7) % 11));
        return PendingTime.of(new Outcome.Scheduled(status(job, started)), job, null);
    }

    private static JobStatus status(JobRef job, Instant started) {
        return PendingTimeTrendTest.status(job, T0, started);
    }

    @Test
    void theTrendIsAnInlineSvgWhoseLabelsTakeThePageTextColourAndTheBuildsAreReadOnce() throws Exception {
        @SuppressWarnings("rawtypes")
        Job job = jobWithBuilds();
        PendingTimeTrendAction trend = new PendingTimeTrendAction(job);

        String html = JellyPage.render(
                PendingTimeTrendAction.class, "floatingBox.jelly", Map.of("it", job, "action", trend, "from", trend));
        RenderedViews.keep("pending-time-trend", html);

        assertThat(walked)
                .as("the builds are walked once for the chart and the list")
                .hasValue(14);
        Element svg = parse(html.substring(html.indexOf("<svg"), html.indexOf("</svg>") + 6));
        NodeList rects = svg.getElementsByTagName("rect");
        assertThat(rects.getLength()).isEqualTo(12);
        NodeList texts = svg.getElementsByTagName("text");
        for (int i = 0; i < texts.getLength(); i++) {
            assertThat(((Element) texts.item(i)).getAttribute("fill"))
                    .as("label %s follows the theme", texts.item(i).getTextContent())
                    .isEqualTo("currentColor");
        }
        assertThat(((Element) svg.getElementsByTagName("line").item(0)).getAttribute("stroke"))
                .isEqualTo("currentColor");
        assertThat(html)
                .contains("<li>#14: SCHEDULED</li>", "<li>#10: FITS_LATER</li>")
                .doesNotContain("<img")
                .doesNotContain("style=");
    }

    @Test
    void aJobWhoseBuildsNeverWaitedDrawsNothing() throws Exception {
        @SuppressWarnings("rawtypes")
        Job job = mock(Job.class);
        String html = JellyPage.render(
                PendingTimeTrendAction.class,
                "floatingBox.jelly",
                Map.of("it", job, "action", new PendingTimeTrendAction(job)));

        assertThat(html.trim()).isEmpty();
    }

    private static Element parse(String xml) throws Exception {
        return DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)))
                .getDocumentElement();
    }
}
