/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * perf's command-line syntax (tools/lib/subcmd/parse-options.c), as far
 * as uperf needs it: short options, clustered ("-aA") or with their value
 * attached ("-x," or "-e cycles"), long options ("--no-aggr",
 * "--percent-limit 1" or "--percent-limit=1"), and the options ending at
 * "--" or at the first word that is not one, where the command begins.
 */
#include "uperf.h"

void uopt_start(struct uopt_iter *it, int argc, char **argv)
{
	it->argc = argc;
	it->argv = argv;
	it->i = 1;
	it->cluster = NULL;
}

/* perf's wording: "  Error: unknown switch `q'". */
static int uopt_error(const char *what, const char *arg, const char *tail)
{
	uperf_say(2, "  Error: %s%s%s\n", what, arg, tail);
	return UOPT_ERROR;
}

/* The value of an option: attached (may be ""), else the next word. */
static int uopt_value(struct uopt_iter *it, const char *attached,
		      const char **value)
{
	if (attached) {
		*value = attached;
		return 0;
	}
	if (it->i >= it->argc)
		return -1;
	*value = it->argv[it->i++];
	return 0;
}

static int uopt_short(struct uopt_iter *it, const struct uopt *opts, size_t n,
		      const char **value)
{
	char letter[2] = {*it->cluster++, '\0'};
	const char *rest = *it->cluster ? it->cluster : NULL;

	for (size_t k = 0; k < n; k++) {
		if (opts[k].letter != letter[0])
			continue;
		if (!opts[k].has_value)
			return (int)k;
		it->cluster = NULL; /* the value takes the rest of the word */
		if (uopt_value(it, rest, value))
			return uopt_error("switch `", letter,
					  "' requires a value");
		return (int)k;
	}
	return uopt_error("unknown switch `", letter, "'");
}

static int uopt_long(struct uopt_iter *it, const char *word,
		     const struct uopt *opts, size_t n, const char **value)
{
	const char *eq = strchr(word, '=');
	size_t len = eq ? (size_t)(eq - word) : strlen(word);

	for (size_t k = 0; k < n; k++) {
		if (!opts[k].name || strlen(opts[k].name) != len ||
		    strncmp(opts[k].name, word, len))
			continue;
		if (!opts[k].has_value)
			return eq ? uopt_error("option `", opts[k].name,
					       "' takes no value")
				  : (int)k;
		if (uopt_value(it, eq ? eq + 1 : NULL, value))
			return uopt_error("option `", opts[k].name,
					  "' requires a value");
		return (int)k;
	}
	return uopt_error("unknown option `", word, "'");
}

int uopt_next(struct uopt_iter *it, const struct uopt *opts, size_t n,
	      const char **value)
{
	const char *word;

	if (it->cluster && *it->cluster)
		return uopt_short(it, opts, n, value);
	it->cluster = NULL;
	if (it->i >= it->argc)
		return UOPT_END;
	word = it->argv[it->i];
	if (word[0] != '-' || !word[1])
		return UOPT_END;
	it->i++;
	if (!strcmp(word, "--"))
		return UOPT_END;
	if (word[1] == '-')
		return uopt_long(it, word + 2, opts, n, value);
	it->cluster = word + 1;
	return uopt_short(it, opts, n, value);
}
