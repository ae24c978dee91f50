package io.jenkins.plugins.trainingjob.steps;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.when;

import hudson.EnvVars;
import hudson.FilePath;
import hudson.Launcher;
import hudson.model.AbstractBuild;
import hudson.model.BuildListener;
import java.io.ByteArrayInputStream;
import java.io.File;

/**
 * A freestyle build for {@link TrainingJobBuilder} (it refuses Pipeline runs): a mocked
 * {@link AbstractBuild} in the fixture's build directory, a workspace holding {@code ci/job-7.yaml}
 * ({@code name: resnet-${RUN}}), and the build environment {@code RUN=7}. The builder reads the spec
 * {@code ci/job-${RUN}.yaml} through the configured connection {@code prod}.
 */
final class FreestyleBuild {
    final StepFixture f;
    final AbstractBuild<?, ?> build = mock(AbstractBuild.class);
    final FilePath workspace = mock(FilePath.class);
    final FilePath specFile = mock(FilePath.class);

    FreestyleBuild(File buildDir) throws Exception {
        f = new StepFixture(buildDir);
        when(build.getRootDir()).thenReturn(buildDir);
        when(build.getWorkspace()).thenReturn(workspace);
        when(build.getEnvironment(any())).thenAnswer(i -> env());
        when(build.getUrl()).thenReturn("job/p/1/");
        when(workspace.child("ci/job-7.yaml")).thenReturn(specFile);
        when(specFile.exists()).thenReturn(true);
        when(specFile.length()).thenReturn(19L);
        when(specFile.read()).thenAnswer(i -> new ByteArrayInputStream("name: resnet-${RUN}".getBytes(UTF_8)));
    }

    /** The build environment: RUN=7 (expand is Jenkins' own; here it is given its answer). */
    EnvVars env() {
        EnvVars env = spy(new EnvVars());
        env.put("RUN", "7");
        doReturn("ci/job-7.yaml").when(env).expand("ci/job-${RUN}.yaml");
        return env;
    }

    /** The builder on the fixture's service (fake platform, scripted watcher). */
    TrainingJobBuilder builder() {
        TrainingJobBuilder b = new TrainingJobBuilder();
        b.setConnection("prod");
        b.setSpec("ci/job-${RUN}.yaml");
        b.useService(f.service);
        return b;
    }

    /** Runs {@code builder} in this build as a freestyle build runs a builder, logging to the fixture's log. */
    void perform(TrainingJobBuilder builder) throws Exception {
        BuildListener listener = mock(BuildListener.class);
        when(listener.getLogger()).thenAnswer(i -> f.listener.getLogger());
        assertThat(builder.perform(build, mock(Launcher.class), listener)).isTrue();
    }
}
