package io.jenkins.plugins.trainingjob.core.eta;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class QueueStateTest {

    private static final Instant T0 = Instant.parse("2026-03-01T00:00:00Z");

    @Test
    void theLineAheadIsTheSameSizesJobsCreatedEarlierThatStillWait() {
        List<HistoryJob> jobs = List.of(
                new HistoryJob("old", 8, T0, null, null),
                new HistoryJob("big", 32, T0.plusSeconds(10), null, null),
                new HistoryJob("done", 8, T0.plusSeconds(20), T0.plusSeconds(30), null),
                new HistoryJob("tie", 8, T0.plusSeconds(100), null, null),
                new HistoryJob("mine", 8, T0.plusSeconds(100), null, null));
        QueueState s = QueueState.of(jobs, SizeClass.UP_TO_8, T0.plusSeconds(100), "mine", T0.plusSeconds(700));
        assertThat(s).isEqualTo(new QueueState(1, 700));
    }

    @Test
    void theSweepFindsWhatEachJobFoundAtItsAgeAsTheDirectCountDoes() {
        Random r = new Random(7);
        List<HistoryJob> jobs = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            Instant c = T0.plusSeconds(i * 60L + r.nextInt(60));
            long wait = (long) Math.exp(r.nextDouble() * 9);
            jobs.add(new HistoryJob("j" + i, r.nextBoolean() ? 8 : 16, c, c.plusSeconds(wait), null));
        }
        jobs.sort(java.util.Comparator.comparing(HistoryJob::createdAt));
        int[] looked = {5, 50, 120, 250, 299};
        long elapsed = 30;
        QueueState[] swept = QueueState.atLooks(jobs, looked, elapsed);
        for (int k = 0; k < looked.length; k++) {
            HistoryJob j = jobs.get(looked[k]);
            QueueState direct = QueueState.of(
                    jobs, j.sizeClass(), j.createdAt(), j.id(), j.createdAt().plusSeconds(elapsed));
            assertThat(swept[k]).as(j.id()).isEqualTo(direct);
        }
    }

    @Test
    void statesAreFarApartByTheLogsOfTheirLinesAndWaits() {
        QueueState none = QueueState.EMPTY;
        assertThat(none.distance(new QueueState(1, 0))).isEqualTo(Math.log(2));
        assertThat(new QueueState(1, 60).distance(new QueueState(1, 60))).isZero();
    }
}
