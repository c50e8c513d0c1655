/* Tests of layout: priorities (deadline-monotonic with file-order ties), copies. */
#include <CUnit/CUnit.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/layout.h"
#include "suites.h"

static void test_dm_ties_by_file_order(void)
{
    /* deadlines 5, 3, 5, 1 (file order) -> DM ranks: task3 (1) = 1, task1 (3) = 2,
     * task0 (5, first) = 3, task2 (5, second) = 4. */
    rt_task tasks[4];
    memset(tasks, 0, sizeof tasks);
    int64_t d[4] = {5, 3, 5, 1};
    for (int i = 0; i < 4; i++)
        tasks[i].deadline_ns = d[i];
    rt_taskset ts = {.tasks = tasks, .n_tasks = 4};
    rt_layout *l = rt_layout_new(1, 4);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    rt_layout_prio_dm(l, &ts);
    CU_ASSERT_EQUAL(l->task_prio[0], 3);
    CU_ASSERT_EQUAL(l->task_prio[1], 2);
    CU_ASSERT_EQUAL(l->task_prio[2], 4);
    CU_ASSERT_EQUAL(l->task_prio[3], 1);
    rt_layout_free(l);
}

static void test_from_taskset_and_copy(void)
{
    rt_task tasks[3];
    memset(tasks, 0, sizeof tasks);
    for (int i = 0; i < 3; i++) {
        tasks[i].has_priority = true;
        tasks[i].priority = 7 - i;
        tasks[i].deadline_ns = 10;
    }
    size_t p0[] = {0, 2}, p1[] = {1};
    rt_partition parts[2] = {
        {.name = "A", .sms = 10, .first_sm = 0, .tasks = p0, .n_tasks = 2},
        {.name = "B", .sms = 4, .first_sm = 10, .tasks = p1, .n_tasks = 1},
    };
    rt_taskset ts = {.tasks = tasks, .n_tasks = 3, .partitions = parts, .n_partitions = 2};
    rt_layout *l = rt_layout_from_taskset(&ts);
    CU_ASSERT_PTR_NOT_NULL_FATAL(l);
    CU_ASSERT_EQUAL(l->task_part[0], 0);
    CU_ASSERT_EQUAL(l->task_part[1], 1);
    CU_ASSERT_EQUAL(l->task_part[2], 0);
    CU_ASSERT_EQUAL(l->task_prio[1], 6); /* the file's priorities are kept */
    rt_layout *c = rt_layout_copy(l);
    CU_ASSERT_PTR_NOT_NULL_FATAL(c);
    CU_ASSERT_STRING_EQUAL(c->part_name[1], "B");
    CU_ASSERT_EQUAL(c->part_first_sm[1], 10);
    CU_ASSERT_EQUAL(c->part_sms[0], 10);
    rt_layout_free(c);
    rt_layout_free(l);
    rt_layout_free(NULL);
}

void test_layout_register(void)
{
    CU_pSuite s = CU_add_suite("layout", NULL, NULL);
    CU_add_test(s, "dm priorities, ties by file order", test_dm_ties_by_file_order);
    CU_add_test(s, "layout from task set, copy", test_from_taskset_and_copy);
}
