package io.jenkins.plugins.trainingjob.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.AihcScheduleDiagnosis;
import io.jenkins.plugins.trainingjob.core.platform.HostileJson;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcDiagnosisParser;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The CLI reads saved files (a platform's diagnosis answer, one of our JSON reports) that anyone may have
 * edited. Whatever their shape, reading refuses them with an {@link InvalidInputException} naming
 * the problem, or what was read analyses and renders in every format without an exception.
 */
class HostileDocumentsTest {

    @Test
    void aSavedReportOfAnyShapeIsRefusedOrRendersInEveryFormat() {
        List<String> documents =
                new ArrayList<>(HostileJson.everyValueReplaced(ReportJson.write(DocumentedExample.report())));
        documents.addAll(HostileJson.wholeDocuments());
        List<String> crashes = new ArrayList<>();
        for (String document : documents) {
            DiagnosisReport report;
            try {
                report = ReportJson.read(document);
            } catch (InvalidInputException refused) {
                assertThat(refused.getMessage()).isNotBlank();
                continue;
            } catch (RuntimeException crash) {
                crashes.add("read: " + crash + " on " + abbreviated(document));
                continue;
            }
            renderEveryFormat(report, document, crashes);
        }
        assertThat(crashes).isEmpty();
    }

    @Test
    void anAihcDiagnosisOfAnyShapeIsRefusedOrAnalysesAndRendersInEveryFormat() {
        List<String> documents = new ArrayList<>(HostileJson.everyValueReplaced(DocumentedExample.json()));
        documents.addAll(HostileJson.wholeDocuments());
        List<String> crashes = new ArrayList<>();
        DiagnosisAnalyzer analyzer = new DiagnosisAnalyzer();
        for (String document : documents) {
            AihcScheduleDiagnosis diagnosis;
            try {
                diagnosis = AihcDiagnosisParser.parse(document, DocumentedExample.JOB, "d-1");
            } catch (InvalidInputException refused) {
                continue;
            }
            DiagnosisReport report;
            try {
                report = analyzer.analyze(diagnosis);
            } catch (RuntimeException crash) {
                crashes.add("analyze: " + crash + " on " + abbreviated(document));
                continue;
            }
            renderEveryFormat(report, document, crashes);
        }
        assertThat(crashes).isEmpty();
    }

    private static void renderEveryFormat(DiagnosisReport report, String document, List<String> crashes) {
        for (ReportFormat format : ReportFormat.values()) {
            try {
                format.render(report);
            } catch (RuntimeException crash) {
                crashes.add(format + ": " + crash + " at " + crash.getStackTrace()[0] + " on " + abbreviated(document));
            }
        }
    }

    private static String abbreviated(String document) {
        return document.length() > 200 ? document.substring(0, 200) + "..." : document;
    }
}
