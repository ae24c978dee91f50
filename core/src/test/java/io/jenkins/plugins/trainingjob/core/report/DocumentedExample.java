package io.jenkins.plugins.trainingjob.core.report;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcDiagnosisParser;
import io.jenkins.plugins.trainingjob.core.spec.PlatformKind;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The AIHC documentation's schedule-diagnosis example, analysed: the report most tests look at. */
final class DocumentedExample {

    static final JobRef JOB = new JobRef(PlatformKind.AIHC, "pytorchjob-5d5ab4e8", "sulingang-diagnose-node-taint");

    private DocumentedExample() {}

    static DiagnosisReport report() {
        return new DiagnosisAnalyzer().analyze(AihcDiagnosisParser.parse(json(), JOB, "diag-7c1e"));
    }

    static String json() {
        try (InputStream in = DocumentedExample.class.getResourceAsStream(
                "/io/jenkins/plugins/trainingjob/core/platform/aihc/aihc-schedule-diagnosis-query.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
