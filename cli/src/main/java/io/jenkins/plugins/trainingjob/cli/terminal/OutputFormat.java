package io.jenkins.plugins.trainingjob.cli.terminal;

/** {@code --output-format}: words for people, or one JSON document on stdout for machines. */
public enum OutputFormat {
    TEXT,
    JSON
}
