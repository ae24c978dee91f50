package io.jenkins.plugins.trainingjob.core.spec;

import static io.jenkins.plugins.trainingjob.core.spec.SpecFixture.aihc;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AihcSpecRulesTest {

    @Test
    void theMinimalSpecIsValid() {
        JobSpec spec = aihc().load();
        assertThat(spec).isInstanceOf(AihcJobSpec.class);
        assertThat(spec.name()).isEqualTo("sft-1");
    }

    @Test
    void nameIsRequiredWithoutSpacesOrControlCharacters() {
        aihc().set("name", "api-create-py-test-2").isValid();
        aihc().set("name", "Llama_SFT.v2").isValid(); // the API does not restrict the name further
        aihc().remove("name").failsWith("name: required");
        aihc().set("name", "'sft run'").failsWith("name: must not contain spaces or control characters");
        aihc().set("name", "\"sft\\trun\"").failsWith("name: must not contain spaces or control characters");
    }

    @Test
    void jobSpecIsRequired() {
        aihc().remove("jobSpec").failsWith("jobSpec: required: the image, command, replicas and resources of the job");
    }

    @Test
    void imageAndCommandAreRequired() {
        aihc().remove("jobSpec.image")
                .set("jobSpec.command", "''")
                .failsWith("jobSpec.command: must not be empty", "jobSpec.image: required");
        aihc().set("jobSpec.image", "'registry/x:1 --privileged'")
                .failsWith("jobSpec.image: must not contain spaces or control characters");
    }

    @Test
    void replicasAreRequiredAndAtLeastOne() {
        aihc().set("jobSpec.replicas", "16").isValid();
        aihc().set("jobSpec.replicas", "0").failsWith("jobSpec.replicas: must be at least 1 (found 0)");
        aihc().remove("jobSpec.replicas").failsWith("jobSpec.replicas: required");
    }

    @Test
    void resourcesHaveANameAndAPositiveQuantity() {
        aihc().set("jobSpec.resources", "[{name: baidu.com/a800_80g_cgpu, quantity: 8}, {name: cpu, quantity: 1.1}]")
                .isValid();
        aihc().set("jobSpec.resources", "[{name: '', quantity: 0}, {name: cpu, quantity: -0.5}, {name: rdma/hca}]")
                .failsWith(
                        "jobSpec.resources[0].name: must not be empty",
                        "jobSpec.resources[0].quantity: must be greater than 0 (found 0)",
                        "jobSpec.resources[1].quantity: must be greater than 0 (found -0.5)",
                        "jobSpec.resources[2].quantity: required");
    }

    @Test
    void priorityIsHighNormalOrLow() {
        aihc().set("priority", "high").isValid();
        aihc().set("priority", "HIGH").failsWith("priority: must be one of high, normal, low (found 'HIGH')");
    }

    @Test
    void jobFrameworkIsPyTorchJobOrMpiJob() {
        aihc().set("jobFramework", "MPIJob").isValid();
        aihc().set("jobFramework", "TFJob")
                .failsWith("jobFramework: must be one of PyTorchJob, MPIJob (found 'TFJob')");
    }

    @Test
    void labelsNeedAKeyAndAValueAndEnvsAName() {
        aihc().set("labels", "[{key: team, value: ml}]")
                .set("jobSpec.envs", "[{name: A, value: ''}]")
                .isValid();
        aihc().set("labels", "[{key: '', value: ml}, {key: team}]")
                .set("jobSpec.envs", "[{value: x}]")
                .failsWith(
                        "jobSpec.envs[0].name: required",
                        "labels[0].key: must not be empty",
                        "labels[1].value: required");
    }

    @Test
    void privateRegistryCredentialsNeedBothParts() {
        aihc().set("jobSpec.imageConfig", "{username: robot, password: s3cret}").isValid();
        aihc().set("jobSpec.imageConfig", "{username: robot}").failsWith("jobSpec.imageConfig.password: required");
    }

    @Test
    void datasourcesNeedAKnownTypeAMountPathAndWhatToMount() {
        aihc().set(
                        "datasources",
                        "[{type: pfs, name: pfs-7xWeAt, sourcePath: /data, mountPath: /mnt/pfs},"
                                + " {type: hostpath, sourcePath: /ssd, mountPath: /mnt/ssd, options: {readOnly: true}},"
                                + " {type: emptydir, mountPath: /dev/shm, options: {medium: Memory, sizeLimit: 10}}]")
                .isValid();
        aihc().set(
                        "datasources",
                        "[{type: nfs, name: n, mountPath: /mnt}, {type: pfs, mountPath: mnt},"
                                + " {type: hostpath, mountPath: /mnt}, {name: x}]")
                .failsWith(
                        "datasources[0].type: must be one of pfs, pfsl1, pfsl2, cfs, bos, rapidfs, dataset,"
                                + " emptydir, hostpath (found 'nfs')",
                        "datasources[1].mountPath: must be an absolute path (start with '/')",
                        "datasources[1].name: required",
                        "datasources[2].sourcePath: required",
                        "datasources[3].mountPath: required",
                        "datasources[3].type: required");
    }

    @Test
    void bcclNeedsTwoReplicasAndRdma() {
        aihc().set("enableBccl", "true")
                .set("jobSpec.replicas", "2")
                .set("jobSpec.enableRDMA", "true")
                .isValid();
        aihc().set("enableBccl", "true")
                .failsWith(
                        "enableBccl: needs at least 2 replicas (jobSpec.replicas is 1)",
                        "enableBccl: needs RDMA: set jobSpec.enableRDMA to true");
    }

    @Test
    void faultToleranceIsConfiguredOneWayOnly() {
        aihc().set("faultTolerance", "true")
                .set(
                        "faultToleranceConfig",
                        "{enabledHangDetection: true,"
                                + " hangDetectionTimeoutMinutes: 7, faultToleranceLimit: 3, customFaultTolerancePattern: [NCCL error]}")
                .isValid();
        aihc().set("faultToleranceArgs", "'--enable-replace=true'")
                .set("faultToleranceConfig", "{hangDetectionTimeoutMinutes: 0, faultToleranceLimit: -1}")
                .failsWith(
                        "faultToleranceArgs: set either faultToleranceArgs or faultToleranceConfig, not both",
                        "faultToleranceConfig.faultToleranceLimit: must be at least 0 (found -1)",
                        "faultToleranceConfig.hangDetectionTimeoutMinutes: must be at least 1 (found 0)");
    }

    @Test
    void tensorboardNeedsALogPathWhenEnabled() {
        aihc().set("tensorboardConfig", "{enable: true, logPath: /mnt/pfs/tb}").isValid();
        aihc().set("tensorboardConfig", "{enable: false}").isValid();
        aihc().set("tensorboardConfig", "{enable: true}").failsWith("tensorboardConfig.logPath: required");
    }

    /** bce-sdk-go {@code OpenAPIJobCreateRequest}: {@code RequiredNodeAffinity []string}, same for preferred. */
    @Test
    void nodeAffinityTermsAreListsOfStringsAsTheSdkDeclaresThem() {
        aihc().set("requiredNodeAffinity", "['topology.kubernetes.io/zone=a', 'gpu=a800']")
                .set("preferredNodeAffinity", "['rack=r1']")
                .isValid();
        aihc().set("requiredNodeAffinity", "[{key: zone, operator: In, values: [a]}]")
                .set("preferredNodeAffinity", "[{weight: 1}]")
                .failsWith(
                        "preferredNodeAffinity[0]: expected text, got an object",
                        "requiredNodeAffinity[0]: expected text, got an object");
        aihc().set("requiredNodeAffinity", "['zone=a', '']").failsWith("requiredNodeAffinity[1]: must not be empty");
    }

    /** bce-sdk-go {@code OpenAPIDatasource.ID} ("数据集ID") for type dataset. */
    @Test
    void aDatasetIsMountedByItsId() {
        aihc().set("datasources", "[{type: dataset, id: ds-7xWeAt, mountPath: /mnt/data}]")
                .isValid();
        aihc().set("datasources", "[{type: dataset, name: my-dataset, mountPath: /mnt/data}]")
                .isValid();
        aihc().set("datasources", "[{type: dataset, mountPath: /mnt/data}]")
                .failsWith("datasources[0].id: required for type dataset: the dataset id (or name)");
        aihc().set("datasources", "[{type: dataset, id: 7, mountPath: /d}]")
                .failsWith("datasources[0].id: expected text, got an integer (quote the value in YAML)");
    }

    /** bce-sdk-go {@code AIJobDatasourceOptions.CfsInstanceID/CfsMountPoint} ("cfs 挂载点信息"). */
    @Test
    void aCfsMountCarriesItsInstanceAndMountPoint() {
        aihc().set(
                        "datasources",
                        "[{type: cfs, name: cfs-1, sourcePath: /, mountPath: /mnt/cfs,"
                                + " options: {cfsInstanceId: cfs-abc123, cfsMountPoint: cfs-abc123.bj.baidubce.com}}]")
                .isValid();
        aihc().set("datasources", "[{type: pfs, name: pfs-1, mountPath: /mnt/pfs, options: {cfsInstanceId: cfs-1}}]")
                .failsWith("datasources[0].options.cfsInstanceId: only for type cfs (type is 'pfs')");
        aihc().set("datasources", "[{type: cfs, name: cfs-1, mountPath: /mnt/cfs, options: {cfsMountPoint: [a]}}]")
                .failsWith("datasources[0].options.cfsMountPoint: expected text, got a list");
    }

    @Test
    void sdkOnlyFieldsAreAcceptedAndChecked() {
        aihc().set("codeSource", "{filePath: code.tar.gz, mountPath: /code, id: c-1}")
                .set(
                        "alertConfig",
                        "{instanceId: cprom-1, notifyRuleId: n-1, alertItems: [jobFailed, jobHang],"
                                + " for: 5m, severity: critical}")
                .set("logCollectionFilePatterns", "['/workspace/logs/*.log']")
                .set("requiredNodeAffinity", "['zone=a']")
                .set("preferredNodeAffinity", "['gpu-type=a800']")
                .set("runningTimeoutStopTimeUnit", "12h")
                .set("retentionPeriod", "7d")
                .isValid();
        aihc().set("alertConfig", "{alertItems: [jobLost]}")
                .set("retentionPeriod", "forever")
                .set("runningTimeoutStopTimeUnit", "0m")
                .failsWith(
                        "alertConfig.alertItems[0]: must be one of jobRunning, jobFT, nodeFT, jobFailed, jobSucceed,"
                                + " jobHang (found 'jobLost')",
                        "alertConfig.instanceId: required",
                        "alertConfig.notifyRuleId: required",
                        "retentionPeriod: must be a whole number of minutes, hours or days, such as 30m, 12h or 7d",
                        "runningTimeoutStopTimeUnit: must be a whole number of minutes, hours or days, such as 30m,"
                                + " 12h or 7d");
    }

    @ParameterizedTest
    @ValueSource(strings = {"queue", "faultTolerance", "enableBccl"})
    void unknownFieldsSuggestTheNativeSpelling(String field) {
        String typo = field.toLowerCase(java.util.Locale.ROOT) + "s";
        aihc().set(typo, "x").failsWith(typo + ": unknown field: did you mean '" + field + "'?");
    }
}
