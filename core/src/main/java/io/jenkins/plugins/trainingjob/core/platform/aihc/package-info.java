/**
 * The Baidu AIHC client: the BCE v1 request signer, the job, pool and diagnosis calls, and the readers
 * that turn AIHC's JSON into the platform API's values. Besides the client (built by
 * {@code core.platform.connect} and by tests), the public types and who needs them: the signer
 * ({@code BceV1Signer}, {@code BceAuthorization}) because the simulator checks signatures in lock-step;
 * {@code AihcDiagnosisParser} because {@code core.report.ReportJson#readSaved} (the CLI's {@code report}
 * command) reads a saved AIHC diagnosis response; {@code AihcJobReader} because {@code bench} measures
 * list-page parsing. May import {@code core.platform}, {@code core.internal.http}, {@code core.spec},
 * {@code core.text} and {@code core.time}.
 */
package io.jenkins.plugins.trainingjob.core.platform.aihc;
