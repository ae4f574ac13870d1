# Makefile -- PGXS build for the pith extension.
#
# Sources are discovered, not listed: every src/*.c (fmgr glue) and
# src/core/*.c (pure C, no PostgreSQL headers) is compiled into pith.so, the
# install script is assembled from src/sql/*.sql in file-name order, and every
# sql/*.sql is a pg_regress test.  `make installcheck` needs a running server
# (PGHOST, PGPORT, PGUSER say where); test/run-all starts a throwaway one.

EXTENSION   = pith
EXTVERSION  = $(shell sed -n "s/^default_version = '\(.*\)'/\1/p" pith.control)

MODULE_big  = pith
OBJS        = $(patsubst %.c,%.o,$(sort $(wildcard src/*.c src/core/*.c)))

DATA_built  = pith--$(EXTVERSION).sql $(UPGRADES_built)
# Upgrade scripts of the version under development are assembled from one
# fragment per change: src/sql/upgrade/A--B/*.sql -> pith--A--B.sql.
UPGRADE_DIRS   = $(patsubst %/,%,$(sort $(dir $(wildcard src/sql/upgrade/*--*/*.sql))))
UPGRADES_built = $(foreach d,$(UPGRADE_DIRS),pith--$(notdir $(d)).sql)
# Upgrade scripts, and the frozen install scripts of released versions (so
# an old version can still be installed, and the upgrade path tested).
DATA        = $(sort $(wildcard src/sql/upgrade/pith--*--*.sql src/sql/released/pith--*.sql))
# The reference parser's CRF model (model/train.sh writes it; pith.so reads it
# from share/extension/ at run time, see src/reference.c).
DATA       += model/pith_reference.model
# The reference splitter's line labeller (model/refsplit/train.sh writes it;
# src/refsplit.c reads it from share/extension/).
DATA       += model/pith_refsplit.model

REGRESS      = $(patsubst sql/%.sql,%,$(sort $(wildcard sql/*.sql)))
REGRESS_OPTS = --inputdir=. --encoding=UTF8 --load-extension=pith

PG_CPPFLAGS = -I$(srcdir)/src -I$(srcdir)/src/core
SHLIB_LINK += $(ICU_LIBS)

# PITH_ASSERT=1 turns on PostgreSQL's Assert() checks (USE_ASSERT_CHECKING)
# in our code and in the server headers' inline functions, on a server that
# was built without them; test/run-all runs the regression suite on it too.
ifeq ($(PITH_ASSERT),1)
PG_CPPFLAGS += -DUSE_ASSERT_CHECKING
endif

# CI builds with PITH_STRICT=1: every warning of ours is an error.
ifeq ($(PITH_STRICT),1)
PG_CFLAGS += -Wall -Wextra -Werror -Wno-unused-parameter -Wno-sign-compare -Wno-missing-field-initializers
endif

EXTRA_CLEAN = test/unit/build test/fuzz/build results regression.diffs regression.out model/train_crf .build-for-*

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# Objects compiled for another PostgreSQL are compiled again: they depend on
# a stamp named after the version of the pg_config in use.
# (Made when the Makefile is read: PGXS marks every target .SECONDARY, so a
# missing stamp would not count as new.)
PITH_PG_STAMP := .build-for-$(shell $(PG_CONFIG) --version | tr -c 'A-Za-z0-9.\n' '_')
ifeq ($(wildcard $(PITH_PG_STAMP)),)
$(shell rm -f .build-for-*; touch $(PITH_PG_STAMP))
endif
$(OBJS) $(OBJS:.o=.bc): $(PITH_PG_STAMP)

# `make prove_installcheck`: the TAP tests (test/t/*.pl) against the
# installed pith, each starting its own clusters with the PostgreSQL of
# PG_CONFIG; PROVE_TESTS=test/t/001_dump_restore.pl runs one.  Needs
# libipc-run-perl and a non-root user (initdb refuses root).
PROVE_TESTS ?= $(sort $(wildcard test/t/*.pl))
.PHONY: prove_installcheck
prove_installcheck: export PITH_ROOT = $(abspath $(srcdir))
prove_installcheck:
ifeq ($(enable_tap_tests),yes)
	$(prove_installcheck)
else
	@echo 'this PostgreSQL was built without --enable-tap-tests: no TAP support'; exit 1
endif

# PGXS tracks no header dependencies: rebuild every object when a header
# changes (a struct or a constant shared by core and glue must not go stale).
$(OBJS): $(wildcard src/*.h src/core/*.h)

pith--$(EXTVERSION).sql: $(sort $(wildcard src/sql/[0-9]*.sql)) pith.control
	cat $(sort $(wildcard src/sql/[0-9]*.sql)) > $@

# pith--A--B.sql from its fragments (one rule per upgrade directory).
define upgrade_rule
pith--$(notdir $(1)).sql: $(sort $(wildcard $(1)/*.sql))
	cat $$^ > $$@
endef
$(foreach d,$(UPGRADE_DIRS),$(eval $(call upgrade_rule,$(d))))

# The CRF trainer: a native program over the same src/core files as pith.so,
# so that training and parsing share one tokenizer and one feature code.
# Not installed; model/train.sh builds it with this rule.
model/train_crf: model/train_crf.c $(wildcard src/core/*.c src/core/*.h)
	$(CC) -std=gnu11 -O2 -ffp-contract=off -Wall -Wextra -Wno-unused-parameter -Wno-format-truncation -Isrc/core \
		-o $@ model/train_crf.c $(wildcard src/core/*.c) -licui18n -licuuc -licudata -lm
