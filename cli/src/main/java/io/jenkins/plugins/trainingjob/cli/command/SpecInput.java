package io.jenkins.plugins.trainingjob.cli.command;

import io.jenkins.plugins.trainingjob.cli.CliException;
import io.jenkins.plugins.trainingjob.cli.output.ReportFiles;
import io.jenkins.plugins.trainingjob.core.spec.JobSpec;
import io.jenkins.plugins.trainingjob.core.spec.JobSpecLoader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Supplier;

/**
 * A spec given as {@code -}: read from standard input, as {@code kubectl apply -f -} does, with the same
 * size and encoding rules as a file. Error lines name it {@code <stdin>}.
 */
public final class SpecInput {

    static final String STDIN_NAME = "<stdin>";
    /** Where standard input comes from; tests point it at bytes of their own. */
    public static Supplier<InputStream> stdin = () -> System.in;
    /** The same limit, in the same words, as for a file. */
    private static final int MAX_BYTES = JobSpecLoader.MAX_CHARS;

    private SpecInput() {}

    static boolean isStdin(java.nio.file.Path file) {
        return file != null && file.toString().equals("-");
    }

    static JobSpec load(Map<String, String> variables) {
        byte[] bytes;
        try {
            bytes = stdin.get().readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw CliException.invalidInput(STDIN_NAME + ": cannot read the job spec: " + ReportFiles.reason(e));
        }
        if (bytes.length > MAX_BYTES) {
            throw CliException.invalidInput(
                    STDIN_NAME + ": the file is larger than " + MAX_BYTES + " bytes; a job spec is a few kilobytes");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            throw CliException.invalidInput(STDIN_NAME + ": cannot read the job spec: it is not UTF-8 text");
        }
        return JobSpecLoader.load(text, STDIN_NAME, variables);
    }
}
