package io.jenkins.plugins.trainingjob.core.spec;

import static io.jenkins.plugins.trainingjob.core.spec.SpecFixture.senseCore;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SenseCoreSpecRulesTest {

    @Test
    void theMinimalSpecIsValid() {
        JobSpec spec = senseCore().load();
        assertThat(spec).isInstanceOf(SenseCoreJobSpec.class);
        assertThat(spec.name())
                .as("the platform generates a name when the spec has none")
                .isEmpty();
    }

    @Nested
    class Name {
        @ParameterizedTest
        @ValueSource(strings = {"a", "resnet-ci-42", "a0", "x-1-y"})
        void isOptionalAndMayUseLowercaseLettersDigitsAndDashes(String name) {
            senseCore().set("name", name).isValid();
        }

        @Test
        void mayBe63CharactersLong() {
            senseCore().set("name", "a".repeat(63)).isValid();
            senseCore().set("name", "a".repeat(64)).failsWith("name: must be 1-63 characters (found 64)");
        }

        @ParameterizedTest
        @ValueSource(strings = {"Resnet", "1abc", "-abc", "abc-", "ab_c", "ab.c", "résumé"})
        void mustStartWithALowercaseLetterAndEndAlphanumeric(String name) {
            senseCore()
                    .set("name", "'" + name + "'")
                    .failsWith("name: must start with a lowercase letter, end with"
                            + " a lowercase letter or digit and contain only a-z, 0-9 and '-'");
        }
    }

    @Nested
    class DisplayName {
        @ParameterizedTest
        @ValueSource(strings = {"nightly", "ResNet50_v1.5:ci-42", "训练任务-1", "9lives"})
        void startsWithCjkLetterOrDigitAndUsesCjkLettersDigitsDotColonUnderscoreDash(String name) {
            senseCore().set("display_name", "'" + name + "'").isValid();
        }

        @ParameterizedTest
        @ValueSource(strings = {"_x", "-x", ".x", "nightly run", "a/b", "a@b"})
        void rejectsOtherCharactersAndBadStarts(String name) {
            senseCore()
                    .set("display_name", "'" + name + "'")
                    .failsWith("display_name: must start with a CJK"
                            + " character, letter or digit and contain only CJK characters, letters, digits, '.', ':',"
                            + " '_' and '-'");
        }

        @Test
        void isRequiredAndAtMost256Characters() {
            senseCore().set("display_name", "训".repeat(256)).isValid();
            senseCore()
                    .set("display_name", "训".repeat(257))
                    .failsWith("display_name: must be 1-256 characters (found 257)");
            senseCore().remove("display_name").failsWith("display_name: required");
            senseCore().set("display_name", "''").failsWith("display_name: must not be empty");
        }
    }

    @Test
    void frameworkIsARequiredEnum() {
        senseCore().set("framework", "MPI").isValid();
        senseCore()
                .set("framework", "pytorch")
                .failsWith(
                        "framework: must be one of FRAMEWORK_UNSPECIFIED, MPI,"
                                + " PYTORCH, PYTORCH_DDP, TENSORFLOW, TENSORFLOW_PS, SENSEPARROTS, SENSEPARROTS_DDP (found 'pytorch')");
        senseCore().remove("framework").failsWith("framework: required");
    }

    @Nested
    class Roles {
        @Test
        void exactlyOneRoleNamedWorker() {
            senseCore()
                    .set("roles[0].name", "Master")
                    .failsWith("roles[0].name: must be Worker, the only role the platform supports");
            senseCore().set("roles", "[]").failsWith("roles: required: exactly one role, named Worker");
            senseCore().remove("roles").failsWith("roles: required: exactly one role, named Worker");
            senseCore()
                    .set(
                            "roles[1]",
                            "{name: Worker, resource_spec: [{name: a}], total_replicas: 1,"
                                    + " startup_script: x, image_path: y}")
                    .failsWith("roles: must hold exactly one role, named Worker (found 2)");
        }

        @Test
        void needAtLeastOneNamedResourceSpec() {
            senseCore()
                    .set("roles[0].resource_spec", "[]")
                    .failsWith(
                            "roles[0].resource_spec: required: at least one resource spec, e.g. {name: N2lS.Ie.I60.2}");
            senseCore().set("roles[0].resource_spec[0]", "{}").failsWith("roles[0].resource_spec[0].name: required");
        }

        @Test
        void totalReplicasIsRequiredAndPositive() {
            senseCore().set("roles[0].total_replicas", "1").isValid();
            senseCore()
                    .set("roles[0].total_replicas", "0")
                    .failsWith("roles[0].total_replicas: must be at least 1 (found 0)");
            senseCore()
                    .remove("roles[0].total_replicas")
                    .failsWith("roles[0].total_replicas: required: the number of workers");
        }

        @Test
        void replicasPerSpecAreNotAllowedBesideTotalReplicasNorInsteadOfIt() {
            senseCore()
                    .set("roles[0].resource_spec[0].replicas", "2")
                    .failsWith(
                            "roles[0].resource_spec[0].replicas: not allowed together with total_replicas: remove it (a GET"
                                    + " fills it in with the allocated count)");
            senseCore()
                    .set("roles[0].resource_spec[0].replicas", "2")
                    .remove("roles[0].total_replicas")
                    .failsWith("roles[0].total_replicas: required: replicas per resource spec (manual"
                            + " strong-heterogeneous scheduling) are not supported, set total_replicas instead");
        }

        @Test
        void startupScriptAndImagePathAreRequired() {
            senseCore().set("roles[0].startup_script", "''").failsWith("roles[0].startup_script: must not be empty");
            senseCore().set("roles[0].startup_script", "'  '").failsWith("roles[0].startup_script: must not be empty");
            senseCore().remove("roles[0].image_path").failsWith("roles[0].image_path: required");
        }
    }

    /** The API takes 10 entries; trainjob adds its client-token entry to every job it creates. */
    @Test
    void envHoldsAtMostNineEntriesWithKeyAndValueAndNotTheClientTokenEntry() {
        StringBuilder nine = new StringBuilder("[");
        for (int i = 0; i < 9; i++) {
            nine.append(i == 0 ? "" : ", ").append("{key: K").append(i).append(", value: v}");
        }
        senseCore().set("env", nine + "]").isValid();
        senseCore()
                .set("env", nine + ", {key: K9, value: v}]")
                .failsWith("env: must hold at most 9 entries (found 10): the API takes 10 and trainjob adds"
                        + " TRAINJOB_CLIENT_TOKEN, the job's identity");
        senseCore()
                .set("env", "[{key: TRAINJOB_CLIENT_TOKEN, value: t}]")
                .failsWith("env[0].key: TRAINJOB_CLIENT_TOKEN is set by trainjob when it creates the job (the client"
                        + " token, how a re-run finds the job); leave it out of the spec");
        senseCore()
                .set("env", "[{key: '', value: v}, {key: A}]")
                .failsWith("env[0].key: must not be empty", "env[1].value: required");
        senseCore().set("env", "[{key: A, value: ''}]").isValid();
    }

    @Test
    void mountsNeedAKnownTypeAnIdAndAnAbsolutePath() {
        senseCore()
                .set(
                        "mount",
                        "[{type: PV_AFS, id: afs-1, mount_path: /mnt/afs, subdir: a, zone: cn-sh-01e,"
                                + " endpoint: e}]")
                .isValid();
        senseCore()
                .set("mount", "[{type: NFS, mount_path: mnt}]")
                .failsWith(
                        "mount[0].id: required",
                        "mount[0].mount_path: must be an absolute path (start with '/')",
                        "mount[0].type: must be one of MOUNT_TYPE_UNSPECIFIED, PV_AFS, PV_ACS, PV_AFS_MODEL,"
                                + " PV_AFS_TENSORBOARD (found 'NFS')");
    }

    @Test
    void tensorboardLogPathMustBeAMountPath() {
        senseCore()
                .set("mount", "[{type: PV_AFS_TENSORBOARD, id: afs-1, mount_path: /mnt/tb}]")
                .set("tensorboard", "{log_path: /mnt/tb}")
                .isValid();
        senseCore()
                .set("mount", "[{type: PV_AFS, id: a, mount_path: /mnt/b}, {type: PV_AFS, id: b, mount_path: /mnt/a}]")
                .set("tensorboard", "{log_path: /mnt/tb}")
                .failsWith("tensorboard.log_path: must equal the mount_path of one of the mounts: /mnt/a, /mnt/b");
        senseCore()
                .set("tensorboard", "{log_path: /mnt/tb}")
                .failsWith(
                        "tensorboard.log_path: must equal the mount_path of one of the mounts, but the spec has no mount");
    }

    @Test
    void schedulingValuesAreEnums() {
        senseCore()
                .set("scheduling", "{priority: HIGHEST, quota_type: SPOT, scoring_strategy: {type: MOST_ALLOCATED}}")
                .isValid();
        senseCore()
                .set("scheduling", "{priority: URGENT, quota_type: spot, scoring_strategy: {type: BALANCED}}")
                .failsWith(
                        "scheduling.priority: must be one of PRIORITY_UNSPECIFIED, NORMAL, HIGH, HIGHEST (found 'URGENT')",
                        "scheduling.quota_type: must be one of JOB_QUOTA_TYPE_UNSPECIFIED, RESERVED, SPOT (found 'spot')",
                        "scheduling.scoring_strategy.type: must be one of MOST_ALLOCATED, LEAST_ALLOCATED (found"
                                + " 'BALANCED')");
    }

    @Test
    void resourcePoolNameIsRequired() {
        senseCore()
                .set("resource_pool", "{name: public, zone: cn-sh-01e, vpc_id: vpc-1}")
                .isValid();
        senseCore().set("resource_pool", "{zone: cn-sh-01e}").failsWith("resource_pool.name: required");
        senseCore()
                .remove("resource_pool")
                .failsWith("resource_pool: required: the pool to run on, e.g. {name: my-reserved-pool}");
    }

    @Nested
    class FaultTolerance {
        @Test
        void backoffLimitIsMinusOneOrMore() {
            senseCore().set("fault_tolerance", "{backoff_limit: -1}").isValid();
            senseCore()
                    .set("fault_tolerance", "{backoff_limit: -2}")
                    .failsWith("fault_tolerance.backoff_limit: must be at least -1 (found -2)");
        }

        @Test
        void atMostTwentyRulesWithAKnownAction() {
            String rule = "{action: RESTART_POD, exit_codes: '137'}";
            senseCore()
                    .set("fault_tolerance.rules", "[" + (rule + ",").repeat(19) + rule + "]")
                    .isValid();
            senseCore()
                    .set("fault_tolerance.rules", "[" + (rule + ",").repeat(20) + rule + "]")
                    .failsWith("fault_tolerance.rules: must hold at most 20 rules (found 21)");
            senseCore()
                    .set("fault_tolerance.rules", "[{action: RETRY, mark_node_unschedulable: true}]")
                    .failsWith("fault_tolerance.rules[0].action: must be one of RESTART_JOB, RESTART_POD, FAIL_JOB"
                            + " (found 'RETRY')");
        }

        @Test
        void exitCodesFollowTheListGrammar() {
            senseCore()
                    .set("fault_tolerance.rules", "[{action: FAIL_JOB, exit_codes: '99,101-255'}]")
                    .isValid();
            senseCore()
                    .set("fault_tolerance.rules", "[{action: FAIL_JOB, exit_codes: '5-3'}]")
                    .failsWith("fault_tolerance.rules[0].exit_codes: range '5-3' runs backwards: write it as 3-5");
        }

        @Test
        void exitCodesAreTextEvenWhenTheyLookLikeANumber() {
            senseCore()
                    .set("fault_tolerance.rules", "[{action: FAIL_JOB, exit_codes: 99}]")
                    .failsWith(
                            "fault_tolerance.rules[0].exit_codes: expected text, got an integer (quote the value in YAML)");
        }
    }

    @Test
    void optionalFeaturesAreChecked() {
        senseCore()
                .set("ssh", "{auto_key_setup: true, config_mount_path: /etc/ssh-config/}")
                .set("barrier", "{enable_ethernet_ping: true, enable_roce_mesh_ping: true}")
                .set("async_checkpoint", "{max_ckpt_rounds: 2}")
                .set(
                        "lme",
                        "{enable_warmingup: true, max_retries: 3, enable_health_monitor: true,"
                                + " enable_checker: false}")
                .set("fine_tuning_specs", "'{\"lora\": {\"rank\": 8}}'")
                .isValid();
        senseCore()
                .set("ssh", "{config_mount_path: ssh}")
                .set("barrier", "{enable_ethernet_ping: false, enable_roce_mesh_ping: true}")
                .set("async_checkpoint", "{max_ckpt_rounds: 0}")
                .set("lme", "{max_retries: -1}")
                .set("fine_tuning_specs", "'{lora'")
                .failsWith(
                        "async_checkpoint.max_ckpt_rounds: must be at least 1 (found 0)",
                        "barrier.enable_roce_mesh_ping: needs enable_ethernet_ping, which is false",
                        "fine_tuning_specs: must be a JSON document in a string: not valid JSON at line 1, column 2",
                        "lme.max_retries: must be at least 0 (found -1)",
                        "ssh.config_mount_path: must be an absolute path (start with '/')");
    }

    @Test
    void outputOnlyFieldsOfAGetResponseAreRejected() {
        senseCore()
                .set("state", "RUNNING")
                .set("uid", "905884c5aeb64191808f3776a8f265b6")
                .set("create_time", "'2026-01-01T00:00:00Z'")
                .set("ownership", "{user_id: u}")
                .set("metadata", "{}")
                .set("roles[0].resource_spec[0].limits", "{cpu: '8'}")
                .set("resource_pool.display_name", "Pool A")
                .set("lme", "{current_retries: 1}")
                .failsWith(
                        "create_time: output-only field: remove it (the platform sets it)",
                        "lme.current_retries: output-only field: remove it (the platform sets it)",
                        "metadata: output-only field: remove it (the platform sets it)",
                        "ownership: output-only field: remove it (the platform sets it)",
                        "resource_pool.display_name: output-only field: remove it (the platform sets it)",
                        "roles[0].resource_spec[0].limits: output-only field: remove it (the platform sets it)",
                        "state: output-only field: remove it (the platform sets it)",
                        "uid: output-only field: remove it (the platform sets it)");
    }
}
