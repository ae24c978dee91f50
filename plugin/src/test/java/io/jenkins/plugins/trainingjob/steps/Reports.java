package io.jenkins.plugins.trainingjob.steps;

import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisAnalyzer;
import io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport;
import io.jenkins.plugins.trainingjob.core.platform.JobRef;
import io.jenkins.plugins.trainingjob.core.platform.aihc.AihcDiagnosisParser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** A real report: the documented AIHC diagnosis example, analysed by core. */
public final class Reports {
    private Reports() {}

    public static DiagnosisReport documentedAihcExample(JobRef job) throws IOException {
        try (InputStream in = Reports.class.getResourceAsStream("aihc-schedule-diagnosis-query.json")) {
            String json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return new DiagnosisAnalyzer().analyze(AihcDiagnosisParser.parse(json, job, "diag-1"));
        }
    }
}
