package io.jenkins.plugins.trainingjob.core.spec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.util.List;
import java.util.function.Function;

/**
 * A Baidu AIHC job spec: the body of the v1 {@code POST /api/v1/aijobs} request, field for field as
 * the API documentation and the official Go SDK name them. The typed accessors are what validation
 * checks; {@link #body()} is what is sent, exactly as the user wrote it (after variable
 * substitution). Optional fields are null (objects, scalars) or empty (lists) when absent.
 */
public final class AihcJobSpec implements JobSpec {

    /** {@code jobSpec}: what each replica runs and needs. */
    public record TaskSpec(
            String command,
            String image,
            ImageConfig imageConfig,
            Integer replicas,
            List<Resource> resources,
            List<Env> envs,
            Boolean enableRDMA,
            Boolean hostNetwork,
            Boolean privileged) {}

    /** {@code jobSpec.imageConfig}: credentials of a private registry. */
    public record ImageConfig(String username, String password) {
        @Override
        public String toString() {
            return "ImageConfig[username=" + username + ", password=" + (password == null ? null : "****") + "]";
        }
    }

    /** {@code jobSpec.resources[]}: a resource name (e.g. {@code baidu.com/a800_80g_cgpu}) and quantity. */
    public record Resource(String name, BigDecimal quantity) {}

    /** {@code jobSpec.envs[]}. */
    public record Env(String name, String value) {
        /** Names the variable only: values may come from secret build parameters. */
        @Override
        public String toString() {
            return "Env[name=" + name + "]";
        }
    }

    /** {@code labels[]}. */
    public record Label(String key, String value) {}

    /**
     * {@code datasources[]}: a volume mounted into every replica. {@code id} is the dataset id (type
     * {@code dataset}), {@code name} the file system id of the storage types (bce-sdk-go {@code OpenAPIDatasource}).
     */
    public record Datasource(
            String type, String id, String name, String sourcePath, String mountPath, DatasourceOptions options) {}

    /** {@code datasources[].options}, as bce-sdk-go's {@code AIJobDatasourceOptions} names them. */
    public record DatasourceOptions(
            Boolean readOnly,
            String medium,
            Integer sizeLimit,
            String hostPath,
            String hostPathType,
            String pfsL1ClusterIp,
            String pfsL1ClusterPort,
            String pfsL1ParentDir,
            String pfsPath,
            List<String> pfsL2MountTargetId,
            String pfsL2HostMountPath,
            String cfsInstanceId,
            String cfsMountPoint) {}

    /** {@code faultToleranceConfig}. */
    public record FaultToleranceConfig(
            Boolean enabledHangDetection,
            Integer hangDetectionTimeoutMinutes,
            Integer faultToleranceLimit,
            List<String> customFaultTolerancePattern) {}

    /** {@code tensorboardConfig}. */
    public record TensorboardConfig(Boolean enable, String logPath) {}

    /** {@code codeSource} (SDK only): code uploaded to BOS or a file system, mounted into the job. */
    public record CodeSource(
            String filePath,
            String mountPath,
            String id,
            String bosObjectName,
            String bosTemporaryToken,
            String bosEndpoint,
            String bosBucket) {
        @Override
        public String toString() {
            return "CodeSource[filePath=" + filePath + ", mountPath=" + mountPath + ", id=" + id
                    + ", bosObjectName=" + bosObjectName + ", bosTemporaryToken="
                    + (bosTemporaryToken == null ? null : "****") + ", bosEndpoint=" + bosEndpoint
                    + ", bosBucket=" + bosBucket + "]";
        }
    }

    /** {@code alertConfig} (SDK only): alerting through a CProm instance. */
    public record AlertConfig(
            List<String> alertIds,
            String instanceId,
            String alertName,
            List<String> alertItems,
            String forDuration,
            String description,
            String notifyRuleId,
            String severity) {}

    private final ObjectNode body;
    private final OutputRules outputs;
    private final String name;
    private final String queue;
    private final String jobFramework;
    private final TaskSpec jobSpec;
    private final Boolean faultTolerance;
    private final List<Label> labels;
    private final String priority;
    private final List<Datasource> datasources;
    private final Boolean enableBccl;
    private final FaultToleranceConfig faultToleranceConfig;
    private final TensorboardConfig tensorboardConfig;
    private final String faultToleranceArgs;
    private final CodeSource codeSource;
    private final AlertConfig alertConfig;
    private final List<String> logCollectionFilePatterns;
    private final List<String> requiredNodeAffinity;
    private final List<String> preferredNodeAffinity;
    private final String runningTimeoutStopTimeUnit;
    private final String retentionPeriod;

    private AihcJobSpec(ObjectNode body, FieldReader r, OutputRules outputs) {
        this.body = body;
        this.outputs = outputs;
        this.name = r.string("name");
        this.queue = r.string("queue");
        this.jobFramework = r.string("jobFramework");
        this.jobSpec = r.object("jobSpec", AihcJobSpec::readTaskSpec);
        this.faultTolerance = r.bool("faultTolerance");
        this.labels = r.objects("labels", l -> new Label(l.string("key"), l.string("value")));
        this.priority = r.string("priority");
        this.datasources = r.objects("datasources", AihcJobSpec::readDatasource);
        this.enableBccl = r.bool("enableBccl");
        this.faultToleranceConfig = r.object(
                "faultToleranceConfig",
                f -> new FaultToleranceConfig(
                        f.bool("enabledHangDetection"), f.int32("hangDetectionTimeoutMinutes"),
                        f.int32("faultToleranceLimit"), f.strings("customFaultTolerancePattern")));
        this.tensorboardConfig =
                r.object("tensorboardConfig", t -> new TensorboardConfig(t.bool("enable"), t.string("logPath")));
        this.faultToleranceArgs = r.string("faultToleranceArgs");
        this.codeSource = r.object(
                "codeSource",
                c -> new CodeSource(
                        c.string("filePath"),
                        c.string("mountPath"),
                        c.string("id"),
                        c.string("bosObjectName"),
                        c.string("bosTemporaryToken"),
                        c.string("bosEndpoint"),
                        c.string("bosBucket")));
        this.alertConfig = r.object(
                "alertConfig",
                a -> new AlertConfig(
                        a.strings("alertIds"),
                        a.string("instanceId"),
                        a.string("alertName"),
                        a.strings("alertItems"),
                        a.string("for"),
                        a.string("description"),
                        a.string("notifyRuleId"),
                        a.string("severity")));
        this.logCollectionFilePatterns = r.strings("logCollectionFilePatterns");
        // bce-sdk-go declares both as []string; what one string means is not documented, so it is sent as is.
        this.requiredNodeAffinity = r.strings("requiredNodeAffinity");
        this.preferredNodeAffinity = r.strings("preferredNodeAffinity");
        this.runningTimeoutStopTimeUnit = r.string("runningTimeoutStopTimeUnit");
        this.retentionPeriod = r.string("retentionPeriod");
    }

    /** Reads {@code body} (the spec without {@code platform}), reporting type and unknown-field problems. */
    static AihcJobSpec read(ObjectNode body, ReadContext context) {
        FieldReader reader = new FieldReader(body, SpecPath.ROOT, context);
        AihcJobSpec spec = new AihcJobSpec(body, reader, context.outputs());
        reader.finish();
        return spec;
    }

    private static TaskSpec readTaskSpec(FieldReader j) {
        return new TaskSpec(
                j.string("command"),
                j.string("image"),
                j.object("imageConfig", i -> new ImageConfig(i.string("username"), i.string("password"))),
                j.int32("replicas"),
                j.objects("resources", res -> new Resource(res.string("name"), res.number("quantity"))),
                j.objects("envs", e -> new Env(e.string("name"), e.string("value"))),
                j.bool("enableRDMA"),
                j.bool("hostNetwork"),
                j.bool("privileged"));
    }

    private static Datasource readDatasource(FieldReader d) {
        return new Datasource(
                d.string("type"),
                d.string("id"),
                d.string("name"),
                d.string("sourcePath"),
                d.string("mountPath"),
                d.object(
                        "options",
                        o -> new DatasourceOptions(
                                o.bool("readOnly"),
                                o.string("medium"),
                                o.int32("sizeLimit"),
                                o.string("hostPath"),
                                o.string("hostPathType"),
                                o.string("pfsL1ClusterIp"),
                                o.string("pfsL1ClusterPort"),
                                o.string("pfsL1ParentDir"),
                                o.string("pfsPath"),
                                o.strings("pfsL2MountTargetId"),
                                o.string("pfsL2HostMountPath"),
                                o.string("cfsInstanceId"),
                                o.string("cfsMountPoint"))));
    }

    @Override
    public PlatformKind platform() {
        return PlatformKind.AIHC;
    }

    /** The job name; empty only for a spec that failed validation. */
    @Override
    public String name() {
        return name == null ? "" : name;
    }

    @Override
    public OutputRules outputs() {
        return outputs;
    }

    @Override
    public ObjectNode body() {
        return body.deepCopy();
    }

    @Override
    public <R> R match(
            Function<? super AihcJobSpec, ? extends R> aihc,
            Function<? super SenseCoreJobSpec, ? extends R> senseCore) {
        return aihc.apply(this);
    }

    public String queue() {
        return queue;
    }

    public String jobFramework() {
        return jobFramework;
    }

    public TaskSpec jobSpec() {
        return jobSpec;
    }

    public Boolean faultTolerance() {
        return faultTolerance;
    }

    public List<Label> labels() {
        return labels;
    }

    public String priority() {
        return priority;
    }

    public List<Datasource> datasources() {
        return datasources;
    }

    public Boolean enableBccl() {
        return enableBccl;
    }

    public FaultToleranceConfig faultToleranceConfig() {
        return faultToleranceConfig;
    }

    public TensorboardConfig tensorboardConfig() {
        return tensorboardConfig;
    }

    public String faultToleranceArgs() {
        return faultToleranceArgs;
    }

    public CodeSource codeSource() {
        return codeSource;
    }

    public AlertConfig alertConfig() {
        return alertConfig;
    }

    public List<String> logCollectionFilePatterns() {
        return logCollectionFilePatterns;
    }

    /** Node affinity terms, one string each as the SDK declares them. */
    public List<String> requiredNodeAffinity() {
        return requiredNodeAffinity;
    }

    /** Node affinity terms, one string each as the SDK declares them. */
    public List<String> preferredNodeAffinity() {
        return preferredNodeAffinity;
    }

    public String runningTimeoutStopTimeUnit() {
        return runningTimeoutStopTimeUnit;
    }

    public String retentionPeriod() {
        return retentionPeriod;
    }

    /** Names the job only: the body may hold registry credentials. */
    @Override
    public String toString() {
        return "AihcJobSpec[name=" + name + "]";
    }
}
