package io.jenkins.plugins.trainingjob.core.spec;

import static io.jenkins.plugins.trainingjob.core.spec.SpecFixture.senseCore;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobSpecLoaderTest {

    private static final Map<String, String> NO_VARIABLES = Map.of();

    private static List<String> problemsOf(ThrowingCallable load) {
        InvalidSpecException[] caught = new InvalidSpecException[1];
        assertThatThrownBy(load).isInstanceOfSatisfying(InvalidSpecException.class, e -> caught[0] = e);
        return caught[0].problems().stream().map(SpecProblem::toString).toList();
    }

    private static List<String> problemsOf(String text) {
        return problemsOf(() -> JobSpecLoader.load(text, "job.yaml", NO_VARIABLES));
    }

    @Nested
    class Formats {
        @Test
        void loadsYaml() {
            JobSpec spec = JobSpecLoader.load(SpecFixture.MINIMAL_AIHC, "job.yaml", NO_VARIABLES);
            assertThat(spec.platform()).isEqualTo(PlatformKind.AIHC);
            assertThat(spec.name()).isEqualTo("sft-1");
        }

        @Test
        void loadsJson() {
            JobSpec spec = JobSpecLoader.load("""
                    {"platform": "sensecore", "name": "resnet-1", "display_name": "ResNet",
                     "framework": "PYTORCH", "resource_pool": {"name": "pool-a"},
                     "roles": [{"name": "Worker", "resource_spec": [{"name": "N2lS.Ie.I60.2"}],
                       "total_replicas": 4, "startup_script": "python train.py", "image_path": "r/i:1"}]}
                    """, "job.json", NO_VARIABLES);
            assertThat(spec).isInstanceOfSatisfying(SenseCoreJobSpec.class, s -> {
                assertThat(s.name()).isEqualTo("resnet-1");
                assertThat(s.roles().get(0).totalReplicas()).isEqualTo(4);
                assertThat(s.resourcePool().name()).isEqualTo("pool-a");
            });
        }

        @Test
        void malformedYamlIsOneLineWithLineAndColumn() {
            assertThat(problemsOf("platform: aihc\njobSpec:\n  image: [a\n  command: x\n"))
                    .singleElement()
                    .asString()
                    .startsWith("malformed YAML at line 4, column 10: ")
                    .doesNotContain("\n");
        }

        @Test
        void malformedJsonIsOneLineWithLineAndColumn() {
            assertThat(problemsOf("{\"platform\": \"aihc\",\n \"name\": }"))
                    .containsExactly("malformed JSON at line 2, column 10: Unexpected character ('}' (code 125)):"
                            + " expected a valid value (JSON String, Number, Array, Object or token 'null',"
                            + " 'true' or 'false')");
        }

        @Test
        void duplicateKeysAreRejected() {
            assertThat(problemsOf("platform: aihc\nname: a\nname: b\n"))
                    .singleElement()
                    .asString()
                    .startsWith("malformed YAML at line 3")
                    .contains("Duplicate field 'name'");
        }

        @Test
        void theTopLevelMustBeAMapping() {
            assertThat(problemsOf("- platform: aihc\n"))
                    .containsExactly("a job spec must be a mapping of field names to values at the top level");
            assertThat(problemsOf("# nothing yet\n"))
                    .containsExactly(
                            "the document is empty: expected 'platform: aihc' or 'platform: sensecore' and the job's fields");
        }
    }

    @Nested
    class Platform {
        @Test
        void isRequired() {
            assertThat(problemsOf("name: x\n")).containsExactly("platform: required: aihc or sensecore");
        }

        @Test
        void mustBeAihcOrSensecore() {
            assertThat(problemsOf("platform: pai\nname: x\n"))
                    .containsExactly("platform: unknown platform: expected aihc or sensecore");
            assertThat(problemsOf("platform: [aihc]\n")).containsExactly("platform: expected text: aihc or sensecore");
        }

        @Test
        void isNotPartOfTheBody() {
            JobSpec spec = senseCore().load();
            assertThat(spec.body().has("platform")).isFalse();
            assertThat(spec.body()).isEqualTo(senseCore().document().without("platform"));
        }
    }

    @Nested
    class Body {
        @Test
        void isExactlyWhatTheUserWroteIncludingFieldsTheModelOnlyPassesThrough() {
            String yaml = SpecFixture.MINIMAL_AIHC + "requiredNodeAffinity: ['zone=a']\n";
            ObjectNode expected = ((ObjectNode) SpecFixture.yaml(yaml)).without("platform");
            assertThat(JobSpecLoader.load(yaml, "job.yaml", NO_VARIABLES).body())
                    .isEqualTo(expected);
        }

        @Test
        void isAFreshCopyEveryTime() {
            JobSpec spec = senseCore().load();
            spec.body().put("display_name", "changed");
            assertThat(spec.body().get("display_name").textValue()).isEqualTo("nightly");
        }

        @Test
        void doesNotShowSecretsInToString() {
            JobSpec spec = SpecFixture.aihc()
                    .set("jobSpec.imageConfig", "{username: robot, password: s3cret}")
                    .set("jobSpec.envs", "[{name: TOKEN, value: s3cret}]")
                    .load();
            AihcJobSpec aihc = (AihcJobSpec) spec;
            assertThat(spec.toString()).doesNotContain("s3cret");
            assertThat(aihc.jobSpec().toString()).doesNotContain("s3cret").contains("robot", "TOKEN");
        }
    }

    @Nested
    class Fields {
        @Test
        void unknownFieldsAreRejectedWithTheirPathAndTheClosestKnownName() {
            assertThat(senseCore()
                            .set("roles[0].resource_spec[1]", "{name: N2lS.Ie.I60.2, replics: 1}")
                            .problems())
                    .containsExactly("roles[0].resource_spec[1].replics: unknown field: did you mean 'replicas'?");
            assertThat(senseCore().set("displayName", "x").problems())
                    .as("the other platform's camelCase spelling is recognised")
                    .containsExactly("displayName: unknown field: did you mean 'display_name'?");
            assertThat(senseCore().set("roles[0].gpu", "8").problems()).containsExactly("roles[0].gpu: unknown field");
        }

        @Test
        void wrongTypesNameTheExpectedType() {
            assertThat(senseCore()
                            .set("roles[0].total_replicas", "'4'")
                            .set("display_name", "42")
                            .set("env", "{key: A}")
                            .set("barrier", "{enable_ethernet_ping: 'yes'}")
                            .set("fault_tolerance", "[1]")
                            .set("roles[0].resource_spec[0].replicas", "1.5")
                            .problems())
                    .containsExactly(
                            "barrier.enable_ethernet_ping: expected true or false, got text",
                            "display_name: expected text, got an integer (quote the value in YAML)",
                            "env: expected a list, got an object",
                            "fault_tolerance: expected an object, got a list",
                            "roles[0].resource_spec[0].replicas: expected an integer, got a fractional number",
                            "roles[0].total_replicas: expected an integer, got text");
        }

        @Test
        void integersMustFitThirtyTwoBits() {
            assertThat(senseCore()
                            .set("fault_tolerance", "{backoff_limit: 2147483648}")
                            .problems())
                    .containsExactly("fault_tolerance.backoff_limit: expected an integer between -2147483648 and"
                            + " 2147483647");
        }

        @Test
        void listElementsOfTheWrongTypeKeepTheirIndex() {
            assertThat(senseCore()
                            .set("env", "[oops, {key: A, value: b}, {key: 1, value: c}]")
                            .problems())
                    .containsExactly(
                            "env[0]: expected an object, got text",
                            "env[2].key: expected text, got an integer (quote the value in YAML)");
        }

        @Test
        void aNullValueCountsAsAbsent() {
            assertThat(senseCore()
                            .set("name", "null")
                            .set("tensorboard", "null")
                            .problems())
                    .isEmpty();
        }
    }

    @Test
    void allProblemsAreReportedAtOnceInPathOrderWithoutRepeatingAFieldsProblem() {
        String yaml = """
                platform: sensecore
                name: Bad_Name
                framework: PYTORCH
                state: RUNNING
                roles:
                  - name: worker
                    resource_spec: [{name: a, replics: 2}]
                    total_replicas: many
                    startup_script: ""
                    image_path: r/i:1
                env: [%s]
                resource_pool: {}
                """.formatted("{key: K, value: v}, ".repeat(11) + "{key: K, value: v}");
        InvalidSpecException e = (InvalidSpecException) org.assertj.core.api.Assertions.catchThrowable(
                () -> JobSpecLoader.load(yaml, "ci/job.yaml", NO_VARIABLES));
        assertThat(e.problems())
                .extracting(SpecProblem::toString)
                .containsExactly(
                        "display_name: required",
                        "env: must hold at most 9 entries (found 12): the API takes 10 and trainjob adds TRAINJOB_CLIENT_TOKEN, the job's identity",
                        "name: must start with a lowercase letter, end with a lowercase letter or digit and contain only"
                                + " a-z, 0-9 and '-'",
                        "resource_pool.name: required",
                        "roles[0].name: must be Worker, the only role the platform supports",
                        "roles[0].resource_spec[0].replics: unknown field: did you mean 'replicas'?",
                        "roles[0].startup_script: must not be empty",
                        "roles[0].total_replicas: expected an integer, got text",
                        "state: output-only field: remove it (the platform sets it)");
        assertThat(e.getMessage())
                .isEqualTo(String.join(
                        System.lineSeparator(),
                        "ci/job.yaml: invalid job spec (9 problems)",
                        "  display_name: required",
                        "  env: must hold at most 9 entries (found 12): the API takes 10 and trainjob adds TRAINJOB_CLIENT_TOKEN, the job's identity",
                        "  name: must start with a lowercase letter, end with a lowercase letter or digit and contain only"
                                + " a-z, 0-9 and '-'",
                        "  resource_pool.name: required",
                        "  roles[0].name: must be Worker, the only role the platform supports",
                        "  roles[0].resource_spec[0].replics: unknown field: did you mean 'replicas'?",
                        "  roles[0].startup_script: must not be empty",
                        "  roles[0].total_replicas: expected an integer, got text",
                        "  state: output-only field: remove it (the platform sets it)"));
        assertThat(e.sourceName()).isEqualTo("ci/job.yaml");
    }

    @Test
    void problemsOrderListIndexesAsNumbers() {
        StringBuilder env = new StringBuilder("[");
        for (int i = 0; i < 11; i++) {
            env.append(i == 0 ? "" : ", ").append(i == 2 || i == 10 ? "{value: v}" : "{key: K, value: v}");
        }
        assertThat(senseCore().set("env", env + "]").problems())
                .containsExactly(
                        "env: must hold at most 9 entries (found 11): the API takes 10 and trainjob adds TRAINJOB_CLIENT_TOKEN, the job's identity",
                        "env[2].key: required",
                        "env[10].key: required");
    }

    @Nested
    class SpecFiles {
        @TempDir
        Path dir;

        @Test
        void loadsAUtf8File() throws IOException {
            Path file = dir.resolve("job.yaml");
            Files.writeString(file, SpecFixture.MINIMAL_SENSECORE.replace("nightly", "夜间训练"), StandardCharsets.UTF_8);
            SenseCoreJobSpec spec = (SenseCoreJobSpec) JobSpecLoader.load(file, NO_VARIABLES);
            assertThat(spec.displayName()).isEqualTo("夜间训练");
        }

        @Test
        void aMissingFileIsAClearProblem() {
            Path missing = dir.resolve("missing.yaml");
            assertThatThrownBy(() -> JobSpecLoader.load(missing, NO_VARIABLES))
                    .isInstanceOf(InvalidSpecException.class)
                    .hasMessage(missing + ": invalid job spec (1 problem)" + System.lineSeparator()
                            + "  cannot read the job spec: no such file");
        }

        @Test
        void aDirectoryOrBinaryFileIsAClearProblem() throws IOException {
            assertThat(problemsOf(() -> JobSpecLoader.load(dir, NO_VARIABLES)))
                    .containsExactly("cannot read the job spec: it is a directory, not a file");
            Path binary = dir.resolve("job.yaml");
            Files.write(binary, new byte[] {'a', ':', ' ', (byte) 0xff, (byte) 0xfe});
            assertThat(problemsOf(() -> JobSpecLoader.load(binary, NO_VARIABLES)))
                    .containsExactly("cannot read the job spec: it is not UTF-8 text");
        }

        @Test
        void anOversizedDocumentIsRefusedBeforeParsing() {
            String huge = "platform: aihc\n#" + "x".repeat(JobSpecLoader.MAX_CHARS);
            assertThat(problemsOf(huge))
                    .containsExactly("the document is larger than 1048576 characters; a job spec is a few kilobytes");
        }
    }

    @Nested
    class Examples {
        private final Map<String, String> build =
                Map.of("BUILD_NUMBER", "42", "IMAGE_TAG", "v1.3.0", "WORKERS", "4", "GIT_COMMIT", "0123abc");

        @Test
        void theAihcExampleIsValid() {
            AihcJobSpec spec =
                    (AihcJobSpec) JobSpecLoader.load(SpecFixture.resource("aihc-job.yaml"), "aihc-job.yaml", build);
            assertThat(spec.name()).isEqualTo("llama-sft-42");
            assertThat(spec.jobSpec().replicas()).isEqualTo(4);
            assertThat(spec.jobSpec().image()).isEqualTo("registry.baidubce.com/ml-team/llama-train:v1.3.0");
            assertThat(spec.jobSpec().command())
                    .startsWith("torchrun --nnodes=${WORLD_SIZE} ")
                    .endsWith("/mnt/pfs/checkpoints/42");
            assertThat(spec.body().at("/jobSpec/replicas").isInt()).isTrue();
        }

        @Test
        void theSenseCoreExampleIsValid() {
            SenseCoreJobSpec spec = (SenseCoreJobSpec)
                    JobSpecLoader.load(SpecFixture.resource("sensecore-job.yaml"), "sensecore-job.yaml", build);
            assertThat(spec.name()).isEqualTo("resnet-ci-42");
            assertThat(spec.displayName()).isEqualTo("ResNet50-nightly-42");
            assertThat(spec.roles().get(0).totalReplicas()).isEqualTo(4);
            assertThat(spec.roles().get(0).startupScript()).contains("--nnodes=${SENSECORE_PYTORCH_NNODES}");
        }
    }
}
