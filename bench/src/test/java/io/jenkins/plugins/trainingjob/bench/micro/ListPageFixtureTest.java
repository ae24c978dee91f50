package io.jenkins.plugins.trainingjob.bench.micro;

import static org.assertj.core.api.Assertions.assertThat;

import io.jenkins.plugins.trainingjob.core.platform.JobPhase;
import io.jenkins.plugins.trainingjob.core.platform.JobStatus;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The pages the parsing benchmark measures are read by the clients' readers as intended. */
class ListPageFixtureTest {

    @Test
    void anAihcPageParsesIntoOneStatusPerJobWithItsPhase() throws Exception {
        List<JobStatus> jobs = ListPageParsingBenchmark.parseAihc(ListPageFixture.aihc(500));
        assertThat(jobs).hasSize(500);
        assertThat(jobs).extracting(s -> s.job().id()).doesNotHaveDuplicates();
        assertThat(jobs.get(0).phase()).isEqualTo(JobPhase.PENDING);
        assertThat(jobs.get(0).queuePosition()).isEqualTo(1);
        assertThat(jobs.get(3).phase()).isEqualTo(JobPhase.SUCCEEDED);
        assertThat(jobs).filteredOn(s -> s.phase() == JobPhase.PENDING).hasSize(200);
    }

    @Test
    void aSenseCorePageParsesIntoOneStatusPerJobWithItsPhase() throws Exception {
        List<JobStatus> jobs = ListPageParsingBenchmark.parseSenseCore(ListPageFixture.senseCore(500));
        assertThat(jobs).hasSize(500);
        assertThat(jobs).extracting(s -> s.job().id()).doesNotHaveDuplicates();
        assertThat(jobs.get(0).phase()).isEqualTo(JobPhase.PENDING);
        assertThat(jobs.get(2).phase()).isEqualTo(JobPhase.RUNNING);
        assertThat(jobs.get(4).phase()).isEqualTo(JobPhase.FAILED);
    }
}
