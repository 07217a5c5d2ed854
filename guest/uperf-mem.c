/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The memory handling uperf needs beyond malloc: arrays that grow
 * while a file is read (samples, mappings, kernel symbols), a string
 * arena, and a sort. nolibc has no qsort; this one is a merge sort, stable so
 * that equal kernel symbols keep /proc/kallsyms' order (perf's tie
 * rule picks the first of them) and O(n log n) on the ~10^4 symbols and
 * samples of a guest run.
 */
#include "uperf.h"

void *uperf_grow(void *array, size_t *cap, size_t n, size_t size)
{
	size_t more;
	void *p;

	if (n < *cap)
		return array;
	more = *cap ? *cap * 2 : 64;
	if (more > (size_t)-1 / size)
		return NULL;
	p = realloc(array, more * size);
	if (p)
		*cap = more;
	return p;
}

long uarena_add(struct uarena *a, const char *str, size_t len)
{
	long off = (long)a->len;

	while (a->len + len + 1 > a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 4096;
		char *p = realloc(a->s, cap);

		if (!p)
			return -1;
		a->s = p;
		a->cap = cap;
	}
	memcpy(a->s + a->len, str, len);
	a->s[a->len + len] = '\0';
	a->len += len + 1;
	return off;
}

/* Merges the sorted runs a[0..mid) and a[mid..n) through tmp. */
static void merge(char *a, char *tmp, size_t mid, size_t n, size_t size,
		  int (*cmp)(const void *, const void *))
{
	size_t i = 0, j = mid, k = 0;

	while (i < mid && j < n) {
		/* <= keeps equal elements in their order: stability. */
		if (cmp(a + i * size, a + j * size) <= 0)
			memcpy(tmp + k++ * size, a + i++ * size, size);
		else
			memcpy(tmp + k++ * size, a + j++ * size, size);
	}
	memcpy(tmp + k * size, a + i * size, (mid - i) * size);
	k += mid - i;
	memcpy(tmp + k * size, a + j * size, (n - j) * size);
	memcpy(a, tmp, n * size);
}

/* Bottom-up: runs of 1, 2, 4, ... merged pairwise. */
int uperf_sort(void *base, size_t n, size_t size,
	       int (*cmp)(const void *, const void *))
{
	char *a = base, *tmp;

	if (n < 2)
		return 0;
	tmp = malloc(n * size);
	if (!tmp)
		return -1;
	for (size_t run = 1; run < n; run *= 2)
		for (size_t lo = 0; lo + run < n; lo += 2 * run) {
			size_t len = n - lo < 2 * run ? n - lo : 2 * run;

			merge(a + lo * size, tmp, run, len, size, cmp);
		}
	free(tmp);
	return 0;
}
