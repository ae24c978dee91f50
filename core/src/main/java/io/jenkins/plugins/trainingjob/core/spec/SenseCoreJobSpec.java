package io.jenkins.plugins.trainingjob.core.spec;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Function;

/**
 * A SenseCore ACP job spec: the v2 {@code TrainingJob} create body, with the API's snake_case field
 * names. Fields the API documents as output-only ({@code state}, {@code uid}, {@code create_time},
 * ...) are rejected, so a job copied from a GET response must be trimmed before it is re-submitted.
 * The typed accessors are what validation checks; {@link #body()} is what is sent. Optional fields
 * are null (objects, scalars) or empty (lists) when absent.
 */
public final class SenseCoreJobSpec implements JobSpec {

    /**
     * The {@code env[]} entry trainjob adds to every job it creates: the client token and this key's
     * signature over it and the spec's digest ({@code <token> <digest>.<mac>}). ACP keeps no labels, so this
     * is how a look-up proves which submission a job belongs to; it takes one of the API's 10 entries.
     */
    public static final String CLIENT_TOKEN_ENV = "TRAINJOB_CLIENT_TOKEN";

    /** {@code roles[]}: today exactly one, named {@code Worker}. */
    public record Role(
            String name,
            List<ResourceSpec> resourceSpec,
            Integer totalReplicas,
            String startupScript,
            String imagePath) {}

    /** {@code roles[].resource_spec[]}: a spec name from the pool's spec list, e.g. {@code N2lS.Ie.I60.2}. */
    public record ResourceSpec(String name, Integer replicas) {}

    /** {@code env[]}. */
    public record Env(String key, String value) {
        /** Names the variable only: values may come from secret build parameters. */
        @Override
        public String toString() {
            return "Env[key=" + key + "]";
        }
    }

    /** {@code mount[]}: a volume mounted into every worker. */
    public record Mount(String type, String id, String mountPath, String subdir, String zone, String endpoint) {}

    /** {@code tensorboard}. */
    public record Tensorboard(String logPath) {}

    /** {@code scheduling}. */
    public record Scheduling(String priority, String quotaType, ScoringStrategy scoringStrategy) {}

    /** {@code scheduling.scoring_strategy}. */
    public record ScoringStrategy(String type) {}

    /** {@code resource_pool}: the cluster or reserved-quota name; zone and VPC for the public pool. */
    public record ResourcePool(String name, String zone, String vpcId) {}

    /** {@code fault_tolerance}. */
    public record FaultTolerance(Integer backoffLimit, List<FaultToleranceRule> rules) {}

    /** {@code fault_tolerance.rules[]}. */
    public record FaultToleranceRule(String action, String exitCodes, Boolean markNodeUnschedulable) {}

    /** {@code ssh}. */
    public record Ssh(Boolean autoKeySetup, String configMountPath) {}

    /** {@code barrier}: the network checks run before a distributed job starts. */
    public record Barrier(Boolean enableEthernetPing, Boolean enableRoceMeshPing) {}

    /** {@code async_checkpoint} (beta). */
    public record AsyncCheckpoint(Integer maxCkptRounds) {}

    /** {@code lme} (beta, superseded by {@code fault_tolerance}). */
    public record Lme(
            Boolean enableWarmingup, Integer maxRetries, Boolean enableHealthMonitor, Boolean enableChecker) {}

    /** Top-level fields the platform sets; a GET returns them, a create must not send them. */
    static final String[] OUTPUT_ONLY = {
        "subscription_name",
        "resource_group_name",
        "zone",
        "workspace_name",
        "uid",
        "id",
        "ownership",
        "state",
        "root_mapping",
        "create_time",
        "start_time",
        "suspend_time",
        "update_time",
        "complete_time",
        "delete_time",
        "metadata"
    };

    private final ObjectNode body;
    private final OutputRules outputs;
    private final String name;
    private final String displayName;
    private final String framework;
    private final List<Role> roles;
    private final List<Env> env;
    private final List<Mount> mount;
    private final Tensorboard tensorboard;
    private final Scheduling scheduling;
    private final ResourcePool resourcePool;
    private final FaultTolerance faultTolerance;
    private final Ssh ssh;
    private final Barrier barrier;
    private final String fineTuningSpecs;
    private final AsyncCheckpoint asyncCheckpoint;
    private final Lme lme;

    private SenseCoreJobSpec(ObjectNode body, FieldReader r, OutputRules outputs) {
        this.body = body;
        this.outputs = outputs;
        this.name = r.string("name");
        this.displayName = r.string("display_name");
        this.framework = r.string("framework");
        this.roles = r.objects("roles", SenseCoreJobSpec::readRole);
        this.env = r.objects("env", e -> new Env(e.string("key"), e.string("value")));
        this.mount = r.objects(
                "mount",
                m -> new Mount(
                        m.string("type"),
                        m.string("id"),
                        m.string("mount_path"),
                        m.string("subdir"),
                        m.string("zone"),
                        m.string("endpoint")));
        this.tensorboard = r.object("tensorboard", t -> new Tensorboard(t.string("log_path")));
        this.scheduling = r.object(
                "scheduling",
                s -> new Scheduling(
                        s.string("priority"),
                        s.string("quota_type"),
                        s.object("scoring_strategy", st -> new ScoringStrategy(st.string("type")))));
        this.resourcePool = r.object("resource_pool", p -> {
            p.outputOnly("display_name");
            return new ResourcePool(p.string("name"), p.string("zone"), p.string("vpc_id"));
        });
        this.faultTolerance = r.object(
                "fault_tolerance",
                f -> new FaultTolerance(
                        f.int32("backoff_limit"),
                        f.objects(
                                "rules",
                                rule -> new FaultToleranceRule(
                                        rule.string("action"),
                                        rule.string("exit_codes"),
                                        rule.bool("mark_node_unschedulable")))));
        this.ssh = r.object("ssh", s -> new Ssh(s.bool("auto_key_setup"), s.string("config_mount_path")));
        this.barrier =
                r.object("barrier", b -> new Barrier(b.bool("enable_ethernet_ping"), b.bool("enable_roce_mesh_ping")));
        this.fineTuningSpecs = r.string("fine_tuning_specs");
        this.asyncCheckpoint = r.object("async_checkpoint", a -> new AsyncCheckpoint(a.int32("max_ckpt_rounds")));
        this.lme = r.object("lme", l -> {
            l.outputOnly("current_retries");
            return new Lme(
                    l.bool("enable_warmingup"),
                    l.int32("max_retries"),
                    l.bool("enable_health_monitor"),
                    l.bool("enable_checker"));
        });
        r.outputOnly(OUTPUT_ONLY);
    }

    /** Reads {@code body} (the spec without {@code platform}), reporting type and unknown-field problems. */
    static SenseCoreJobSpec read(ObjectNode body, ReadContext context) {
        FieldReader reader = new FieldReader(body, SpecPath.ROOT, context);
        SenseCoreJobSpec spec = new SenseCoreJobSpec(body, reader, context.outputs());
        reader.finish();
        return spec;
    }

    private static Role readRole(FieldReader role) {
        return new Role(
                role.string("name"),
                role.objects("resource_spec", spec -> {
                    // A GET fills these in from the spec list; the create API declares them read-only.
                    spec.outputOnly("description", "limits", "requests");
                    return new ResourceSpec(spec.string("name"), spec.int32("replicas"));
                }),
                role.int32("total_replicas"),
                role.string("startup_script"),
                role.string("image_path"));
    }

    @Override
    public PlatformKind platform() {
        return PlatformKind.SENSECORE;
    }

    /** The job name, or empty when the spec leaves it to the platform to generate one. */
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
        return senseCore.apply(this);
    }

    public String displayName() {
        return displayName;
    }

    public String framework() {
        return framework;
    }

    public List<Role> roles() {
        return roles;
    }

    public List<Env> env() {
        return env;
    }

    public List<Mount> mount() {
        return mount;
    }

    public Tensorboard tensorboard() {
        return tensorboard;
    }

    public Scheduling scheduling() {
        return scheduling;
    }

    public ResourcePool resourcePool() {
        return resourcePool;
    }

    public FaultTolerance faultTolerance() {
        return faultTolerance;
    }

    public Ssh ssh() {
        return ssh;
    }

    public Barrier barrier() {
        return barrier;
    }

    /** Beta: a JSON document carried as text. */
    public String fineTuningSpecs() {
        return fineTuningSpecs;
    }

    public AsyncCheckpoint asyncCheckpoint() {
        return asyncCheckpoint;
    }

    public Lme lme() {
        return lme;
    }

    /** Names the job only: the body may carry values from secret variables. */
    @Override
    public String toString() {
        return "SenseCoreJobSpec[name=" + name + ", display_name=" + displayName + "]";
    }
}
