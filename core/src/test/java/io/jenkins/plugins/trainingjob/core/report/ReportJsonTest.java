package io.jenkins.plugins.trainingjob.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.spec.InvalidInputException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ReportJsonTest {

    @Test
    void aWrittenReportReadsBackEqual() {
        DiagnosisReport report = DocumentedExample.report();
        assertThat(ReportJson.read(ReportJson.write(report))).isEqualTo(report);
        DiagnosisReport large = Reports.large(1_000, 30);
        assertThat(ReportJson.read(ReportJson.write(large))).isEqualTo(large);
    }

    @Test
    void theSavedGoldenReportRendersAgainInEveryFormat() throws IOException {
        DiagnosisReport saved = ReportJson.read(ReportGoldenTest.golden("documented-example.json"));
        for (ReportFormat f : ReportFormat.values()) {
            assertThat(f.render(saved)).isEqualTo(ReportGoldenTest.golden("documented-example." + f.extension()));
        }
    }

    @Test
    void schemaVersionComesFirstAndUnknownFieldsAreIgnored() {
        String json = ReportJson.write(DocumentedExample.report());
        assertThat(json).startsWith("{\n  \"schemaVersion\" : 1,\n");
        String withExtra = json.replaceFirst("\\{", "{\n  \"addedLater\" : {\"x\" : 1},");
        assertThat(ReportJson.read(withExtra)).isEqualTo(DocumentedExample.report());
    }

    @Test
    void aNewerSchemaIsRefusedWithTheVersions() {
        String json =
                ReportJson.write(DocumentedExample.report()).replace("\"schemaVersion\" : 1", "\"schemaVersion\" : 2");
        assertThatThrownBy(() -> ReportJson.read(json))
                .isInstanceOf(InvalidInputException.class)
                .hasMessage(
                        "report 'schemaVersion' 2 is not supported: this version reads 1 to 1; use a newer trainjob");
    }

    @Test
    void documentsThatAreNotReportsAreRefusedNamingWhy() {
        assertThatThrownBy(() -> ReportJson.read("{\"result\": []}"))
                .hasMessage("not a diagnosis report: 'schemaVersion' is missing or not a number");
        assertThatThrownBy(() -> ReportJson.read("<html>")).hasMessageStartingWith("not a JSON document");
        assertThatThrownBy(() -> ReportJson.read("[1]")).hasMessage("a diagnosis report must be a JSON object");
        assertThatThrownBy(() -> ReportJson.read("{\"schemaVersion\": 1, \"verdict\": \"MAYBE\"}"))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageStartingWith("not a valid diagnosis report:");
    }

    @Test
    void aReasonWhoseNodeCountDisagreesWithItsRangesIsRefused() {
        String json = ReportJson.write(DocumentedExample.report())
                .replaceFirst(
                        "\"folded\" : \"fake-node-a800-\\[01-04\\]\",\\s*\"count\" : 4",
                        "\"folded\" : \"fake-node-a800-[01-04]\", \"count\" : 3");

        assertThatThrownBy(() -> ReportJson.read(json))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("not a valid diagnosis report")
                .hasMessageContaining("nodeCount is 4 but its node ranges stand for 3");
    }
}
