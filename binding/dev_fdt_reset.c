/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reset and power-off probe (dev_fdt.h): each node to the actions
 * that perform SBI SRST types, one 32-bit register update or one GPIO
 * pin driven active, or register operations on a PMIC over I2C. The
 * semantics are those of the Linux drivers the bindings were written
 * for (power/reset/syscon-poweroff.c, syscon-reboot.c, gpio-poweroff.c,
 * gpio-restart.c), of QEMU's sifive_test finisher and, for the PMICs, of
 * OpenSBI (the Linux drivers do not reset through them); where a binding leaves
 * a choice the comment at the decoder says which we made. A node is decoded
 * whole into local actions and stored only if all of them fit.
 */
#include <libfdt.h>

#include "dev_fdt_util.h"
#include "sbipmu/dev_fdt.h"

enum dev_fdt_reset_kind {
	DEV_FDT_TEST0,
	DEV_FDT_TEST1,
	DEV_FDT_SYSCON_POWEROFF,
	DEV_FDT_SYSCON_REBOOT,
	DEV_FDT_GPIO_POWEROFF,
	DEV_FDT_GPIO_RESTART,
	DEV_FDT_DA9063,
	DEV_FDT_AXP15060,
	DEV_FDT_SG2042_MCU,
	DEV_FDT_RESET_KINDS
};

/* The compatibles, which are also the roles a refusal names. */
static const char *const dev_fdt_reset_compats[DEV_FDT_RESET_KINDS] = {
	[DEV_FDT_TEST0] = "sifive,test0",
	[DEV_FDT_TEST1] = "sifive,test1",
	[DEV_FDT_SYSCON_POWEROFF] = "syscon-poweroff",
	[DEV_FDT_SYSCON_REBOOT] = "syscon-reboot",
	[DEV_FDT_GPIO_POWEROFF] = "gpio-poweroff",
	[DEV_FDT_GPIO_RESTART] = "gpio-restart",
	[DEV_FDT_DA9063] = "dlg,da9063",
	[DEV_FDT_AXP15060] = "x-powers,axp15060",
	[DEV_FDT_SG2042_MCU] = "sophgo,sg2042-hwmon-mcu",
};

#define DEV_FDT_ALL_BITS     0xFFFFFFFFu
#define DEV_FDT_GPIO_LOW     1u /* GPIO_ACTIVE_LOW, dt-bindings/gpio */
#define DEV_FDT_MAX_PER_NODE 2

/* A node's actions, before they are stored. */
struct dev_fdt_reset_cand {
	struct dev_fdt_reset a[DEV_FDT_MAX_PER_NODE];
	unsigned int n;
};

static struct dev_fdt_reset *dev_fdt_reset_add(struct dev_fdt_reset_cand *c,
					       int node,
					       enum dev_fdt_reset_action act,
					       uint32_t srst)
{
	struct dev_fdt_reset *r = &c->a[c->n++];

	*r = (struct dev_fdt_reset){.action = act, .srst = srst, .node = node};
	return r;
}

static void dev_fdt_reset_write(struct dev_fdt_reset_cand *c, int node,
				uint32_t srst, uint64_t addr, uint32_t value,
				uint32_t mask)
{
	struct dev_fdt_reset *r =
		dev_fdt_reset_add(c, node, DEV_FDT_RESET_WRITE32, srst);

	r->addr = addr;
	r->value = value;
	r->mask = mask;
}

/* ---- sifive,test0/1: one register, two values ---- */

static const char *dev_fdt_reset_test(const void *fdt, int node,
				      struct dev_fdt_reset_cand *c)
{
	struct dev_fdt_range r;
	const char *why = dev_fdt_reg(fdt, node, 0, &r);

	if (why)
		return why;
	if (!dev_fdt_range_holds(&r, 0, 4))
		return "reg too small for the finisher";
	dev_fdt_reset_write(c, node, DEV_FDT_SRST_SHUTDOWN, r.base,
			    DEV_FDT_TEST_PASS, DEV_FDT_ALL_BITS);
	dev_fdt_reset_write(c, node, DEV_FDT_SRST_REBOOT, r.base,
			    DEV_FDT_TEST_RESET, DEV_FDT_ALL_BITS);
	return NULL;
}

/* ---- syscon-poweroff / syscon-reboot ---- */

/*
 * The syscon holding the register: regmap's phandle, else (the newer
 * binding) the node's parent. Linux's syscon_node_to_regmap() takes
 * only "syscon" nodes, and its registers are 32-bit unless reg-io-width
 * says otherwise, which we do not support.
 */
static const char *dev_fdt_reset_syscon_base(const void *fdt, int node,
					     struct dev_fdt_range *r)
{
	uint32_t phandle, width;
	int syscon;

	if (fdt_getprop(fdt, node, "regmap", NULL)) {
		if (!dev_fdt_u32(fdt, node, "regmap", &phandle))
			return "regmap not one phandle";
		syscon = dev_fdt_phandle_node(fdt, phandle);
	} else {
		syscon = fdt_parent_offset(fdt, node);
	}
	if (syscon < 0)
		return "regmap names no node";
	if (fdt_node_check_compatible(fdt, syscon, "syscon") != 0)
		return "regmap not a syscon";
	if (fdt_getprop(fdt, syscon, "reg-io-width", NULL) &&
	    !(dev_fdt_u32(fdt, syscon, "reg-io-width", &width) && width == 4))
		return "syscon reg-io-width other than 4";
	return dev_fdt_reg(fdt, syscon, 0, r);
}

/* An optional one-cell property: absent is fine, malformed is not. */
static bool dev_fdt_reset_opt_u32(const void *fdt, int node, const char *name,
				  uint32_t *v, bool *present)
{
	*present = fdt_getprop(fdt, node, name, NULL) != NULL;
	return !*present || dev_fdt_u32(fdt, node, name, v);
}

/*
 * value and mask as Linux reads them: value alone writes it whole; mask
 * alone is the old binding, where the mask is the value to write.
 */
static const char *dev_fdt_reset_value(const void *fdt, int node,
				       uint32_t *value, uint32_t *mask)
{
	bool has_value, has_mask;

	if (!dev_fdt_reset_opt_u32(fdt, node, "value", value, &has_value) ||
	    !dev_fdt_reset_opt_u32(fdt, node, "mask", mask, &has_mask))
		return "value or mask not one cell";
	if (!has_value && !has_mask)
		return "neither value nor mask";
	if (!has_value)
		*value = *mask;
	if (!has_value || !has_mask)
		*mask = DEV_FDT_ALL_BITS;
	return NULL;
}

static const char *dev_fdt_reset_syscon(const void *fdt, int node,
					uint32_t srst,
					struct dev_fdt_reset_cand *c)
{
	struct dev_fdt_range r;
	uint32_t offset, value = 0, mask = 0;
	const char *why;

	if (!dev_fdt_u32(fdt, node, "offset", &offset))
		return "offset missing or not one cell";
	if (offset % 4)
		return "offset not 32-bit aligned";
	why = dev_fdt_reset_value(fdt, node, &value, &mask);
	if (!why)
		why = dev_fdt_reset_syscon_base(fdt, node, &r);
	if (why)
		return why;
	if (!dev_fdt_range_holds(&r, offset, 4))
		return "offset outside the syscon's reg";
	dev_fdt_reset_write(c, node, srst, r.base + offset, value, mask);
	return NULL;
}

/* ---- gpio-poweroff / gpio-restart on a GPIO controller we drive ---- */

/* The controllers, their pin count and the registers' span. */
struct dev_fdt_gpio_kind {
	const char *compatible;
	enum dev_fdt_gpio_type type;
	uint32_t pins;
	uint64_t span;
};

static const struct dev_fdt_gpio_kind dev_fdt_gpio_kinds[] = {
	{"sifive,gpio0", DEV_FDT_GPIO_SIFIVE, DEV_FDT_SIFIVE_GPIO_PINS,
	 DEV_FDT_SIFIVE_GPIO_OUTPUT_VAL + 4},
	{"starfive,jh7110-sys-pinctrl", DEV_FDT_GPIO_STARFIVE,
	 DEV_FDT_STARFIVE_GPIO_PINS,
	 DEV_FDT_STARFIVE_GPIO_DOUT + DEV_FDT_STARFIVE_GPIO_PINS},
};

/* The kind of the enabled controller @ctrl, or NULL. */
static const struct dev_fdt_gpio_kind *dev_fdt_gpio_kind_of(const void *fdt,
							    int ctrl)
{
	unsigned int i;

	if (!dev_fdt_enabled(fdt, ctrl))
		return NULL;
	for (i = 0;
	     i < sizeof(dev_fdt_gpio_kinds) / sizeof(dev_fdt_gpio_kinds[0]);
	     i++)
		if (fdt_node_check_compatible(
			    fdt, ctrl, dev_fdt_gpio_kinds[i].compatible) == 0)
			return &dev_fdt_gpio_kinds[i];
	return NULL;
}

/* Property names and Linux's defaults, by binding. */
struct dev_fdt_gpio_props {
	const char *idle_input; /* the pin is not driven until used */
	const char *delay[3];	/* active, inactive, wait */
	uint32_t defaults[3];
};

static const struct dev_fdt_gpio_props dev_fdt_gpio_restart = {
	"open-source",
	{"active-delay", "inactive-delay", "wait-delay"},
	{100, 100, 3000},
};
static const struct dev_fdt_gpio_props dev_fdt_gpio_poweroff = {
	"input",
	{"active-delay-ms", "inactive-delay-ms", "timeout-ms"},
	{100, 100, 3000},
};

/* gpios = <&controller pin flags>: the first specifier only. */
static const char *dev_fdt_reset_gpio_pin(const void *fdt, int node,
					  struct dev_fdt_reset *r)
{
	int len, ctrl;
	const fdt32_t *g = fdt_getprop(fdt, node, "gpios", &len);
	const struct dev_fdt_gpio_kind *k;
	uint32_t cells, pins;
	struct dev_fdt_range reg;
	const char *why;

	if (!g || len < 4 || len % 4)
		return "gpios missing or not whole cells";
	ctrl = dev_fdt_phandle_node(fdt, fdt32_ld(&g[0]));
	if (ctrl < 0)
		return "gpios names no node";
	k = dev_fdt_gpio_kind_of(fdt, ctrl);
	if (!k)
		return "gpio controller not an enabled one we drive";
	if (!dev_fdt_u32(fdt, ctrl, "#gpio-cells", &cells) || cells != 2)
		return "gpio controller #gpio-cells not 2";
	if (len < 12)
		return "gpios cut short";
	pins = k->pins;
	(void)dev_fdt_u32(fdt, ctrl, "ngpios", &pins);
	r->pin = fdt32_ld(&g[1]);
	r->active_low = (fdt32_ld(&g[2]) & DEV_FDT_GPIO_LOW) != 0;
	if (r->pin >= pins || r->pin >= k->pins)
		return "gpio pin beyond the controller's";
	why = dev_fdt_reg(fdt, ctrl, 0, &reg);
	if (why)
		return why;
	if (!dev_fdt_range_holds(&reg, 0, k->span))
		return "gpio controller reg too small";
	r->gpio_base = reg.base;
	r->gpio_type = k->type;
	return NULL;
}

static const char *dev_fdt_reset_gpio(const void *fdt, int node, uint32_t srst,
				      const struct dev_fdt_gpio_props *p,
				      struct dev_fdt_reset_cand *c)
{
	struct dev_fdt_reset *r =
		dev_fdt_reset_add(c, node, DEV_FDT_RESET_GPIO, srst);
	uint32_t *delay[3] = {&r->active_delay_ms, &r->inactive_delay_ms,
			      &r->wait_delay_ms};
	bool present;

	for (int i = 0; i < 3; i++) {
		*delay[i] = p->defaults[i];
		if (!dev_fdt_reset_opt_u32(fdt, node, p->delay[i], delay[i],
					   &present))
			return "a delay not one cell";
	}
	r->open_source = fdt_getprop(fdt, node, p->idle_input, NULL) != NULL;
	return dev_fdt_reset_gpio_pin(fdt, node, r);
}

/* ---- PMICs and MCUs on an I2C bus ---- */

/*
 * What each device is told, as OpenSBI 1.5.1 does it (fu740.c,
 * jh7110.c, fdt_reset_sg2042_hwmon_mcu.c). DA9063: page 2 selected and
 * read back, the device id (0x81) must be 0x61, else nothing is written;
 * then page 0 and CONTROL_F (0x13) SHUTDOWN (bit 1), or for a reboot
 * the watchdog scale of CONTROL_D (0x11, bits 0-2) cleared, CONTROL_F
 * WAKEUP (bit 2) and CONTROL_A (0x0E) M_POWER1_EN | M_POWER_EN |
 * STANDBY (0x68). AXP15060: register 0x32, bit 7 powers off, bit 6
 * restarts. SG2042's MCU: command register 3, 2 powers off, 7 reboots.
 */
static const struct dev_fdt_i2c_op dev_fdt_da9063_off[] = {
	{DEV_FDT_I2C_WRITE, 0x00, 0x02, 0},
	{DEV_FDT_I2C_EXPECT, 0x00, 0x02, 0},
	{DEV_FDT_I2C_EXPECT, 0x81, 0x61, 0},
	{DEV_FDT_I2C_WRITE, 0x00, 0x00, 0},
	{DEV_FDT_I2C_WRITE, 0x13, 0x02, 0},
};
static const struct dev_fdt_i2c_op dev_fdt_da9063_reboot[] = {
	{DEV_FDT_I2C_WRITE, 0x00, 0x02, 0},
	{DEV_FDT_I2C_EXPECT, 0x00, 0x02, 0},
	{DEV_FDT_I2C_EXPECT, 0x81, 0x61, 0},
	{DEV_FDT_I2C_WRITE, 0x00, 0x00, 0},
	{DEV_FDT_I2C_UPDATE, 0x11, 0x00, 0x07},
	{DEV_FDT_I2C_WRITE, 0x13, 0x04, 0},
	{DEV_FDT_I2C_WRITE, 0x0E, 0x68, 0},
};
static const struct dev_fdt_i2c_op dev_fdt_axp15060_off[] = {
	{DEV_FDT_I2C_UPDATE, 0x32, 0x80, 0x80},
};
static const struct dev_fdt_i2c_op dev_fdt_axp15060_reboot[] = {
	{DEV_FDT_I2C_UPDATE, 0x32, 0x40, 0x40},
};
static const struct dev_fdt_i2c_op dev_fdt_sg2042_off[] = {
	{DEV_FDT_I2C_WRITE, 0x03, 0x02, 0},
};
static const struct dev_fdt_i2c_op dev_fdt_sg2042_reboot[] = {
	{DEV_FDT_I2C_WRITE, 0x03, 0x07, 0},
};

struct dev_fdt_i2c_scripts {
	const struct dev_fdt_i2c_op *off, *reboot;
	unsigned int n_off, n_reboot;
};

static const struct dev_fdt_i2c_scripts dev_fdt_i2c_devices[] = {
	[DEV_FDT_DA9063] = {dev_fdt_da9063_off, dev_fdt_da9063_reboot,
			    sizeof(dev_fdt_da9063_off) /
				    sizeof(dev_fdt_da9063_off[0]),
			    sizeof(dev_fdt_da9063_reboot) /
				    sizeof(dev_fdt_da9063_reboot[0])},
	[DEV_FDT_AXP15060] = {dev_fdt_axp15060_off, dev_fdt_axp15060_reboot, 1,
			      1},
	[DEV_FDT_SG2042_MCU] = {dev_fdt_sg2042_off, dev_fdt_sg2042_reboot, 1,
				1},
};

/*
 * The bus's first clock, when JH7110's system clock controller gives
 * it: its register, to be turned on before the bus is used. Any other
 * clock provider is left alone (the earlier stages keep it running).
 */
static const char *dev_fdt_reset_i2c_clock(const void *fdt, int bus,
					   struct dev_fdt_reset *r)
{
	int len, crg;
	const fdt32_t *c = fdt_getprop(fdt, bus, "clocks", &len);
	struct dev_fdt_range reg;
	uint32_t cells;
	uint64_t off;

	if (!c || len < 4)
		return NULL;
	crg = dev_fdt_phandle_node(fdt, fdt32_ld(&c[0]));
	if (crg < 0 ||
	    fdt_node_check_compatible(fdt, crg, "starfive,jh7110-syscrg") != 0)
		return NULL;
	if (!dev_fdt_u32(fdt, crg, "#clock-cells", &cells) || cells != 1 ||
	    len < 8)
		return "i2c bus clock specifier not one cell";
	off = 4 * (uint64_t)fdt32_ld(&c[1]);
	if (dev_fdt_reg(fdt, crg, 0, &reg) ||
	    !dev_fdt_range_holds(&reg, off, 4))
		return "i2c bus clock beyond its controller's reg";
	r->i2c_clock = reg.base + off;
	return NULL;
}

/* The bus: the device's parent, an enabled controller we drive. */
static const char *dev_fdt_reset_i2c_bus(const void *fdt, int node,
					 struct dev_fdt_reset *r)
{
	static const char *const buses[] = {"snps,designware-i2c",
					    "sifive,i2c0"};
	int bus = fdt_parent_offset(fdt, node), kind;
	struct dev_fdt_range reg;
	const char *why;

	kind = bus < 0 ? -1 : dev_fdt_match(fdt, bus, buses, 2);
	if (kind < 0 || !dev_fdt_enabled(fdt, bus))
		return "i2c bus not an enabled controller we drive";
	why = dev_fdt_reg(fdt, bus, 0, &reg);
	if (why)
		return why;
	/* DW: 32-bit registers at fixed offsets; OpenCores: as the node
	 * says, 8-bit registers 1 byte apart when it says nothing */
	r->i2c_type = kind == 0 ? DEV_FDT_I2C_DW : DEV_FDT_I2C_OCORES;
	r->i2c_reg_shift = 0;
	r->i2c_reg_io_width = 4;
	if (r->i2c_type == DEV_FDT_I2C_OCORES) {
		r->i2c_reg_io_width = 1;
		if (fdt_getprop(fdt, bus, "reg-shift", NULL) &&
		    !dev_fdt_u32(fdt, bus, "reg-shift", &r->i2c_reg_shift))
			return "i2c bus reg-shift not one cell";
		if (fdt_getprop(fdt, bus, "reg-io-width", NULL) &&
		    !dev_fdt_u32(fdt, bus, "reg-io-width",
				 &r->i2c_reg_io_width))
			return "i2c bus reg-io-width not one cell";
		if (r->i2c_reg_shift > DEV_FDT_I2C_OCORES_MAX_SHIFT)
			return "i2c bus reg-shift too large";
		if (r->i2c_reg_io_width != 1 && r->i2c_reg_io_width != 4)
			return "i2c bus reg-io-width neither 1 nor 4";
	}
	/* DW: up to its last register; OpenCores: its 5 registers */
	if (!dev_fdt_range_holds(&reg, 0,
				 r->i2c_type == DEV_FDT_I2C_DW
					 ? DEV_FDT_I2C_DW_SPAN
					 : (4u << r->i2c_reg_shift) +
						   r->i2c_reg_io_width))
		return "i2c bus reg too small";
	r->i2c_base = reg.base;
	return dev_fdt_reset_i2c_clock(fdt, bus, r);
}

/* reg = <address>: one cell, a 7-bit address. */
static const char *dev_fdt_reset_i2c(const void *fdt, int node,
				     enum dev_fdt_reset_kind kind,
				     struct dev_fdt_reset_cand *c)
{
	const struct dev_fdt_i2c_scripts *d = &dev_fdt_i2c_devices[kind];
	struct dev_fdt_reset r = {.action = DEV_FDT_RESET_I2C, .node = node};
	const char *why;
	int len;
	const fdt32_t *addr = fdt_getprop(fdt, node, "reg", &len);

	if (!addr || len != 4)
		return "reg not one cell";
	r.i2c_addr = fdt32_ld(addr);
	if (r.i2c_addr > 0x7F)
		return "reg not a 7-bit i2c address";
	why = dev_fdt_reset_i2c_bus(fdt, node, &r);
	if (why)
		return why;
	c->a[0] = r;
	c->a[0].srst = DEV_FDT_SRST_SHUTDOWN;
	c->a[0].ops = d->off;
	c->a[0].n_ops = d->n_off;
	c->a[1] = r;
	c->a[1].srst = DEV_FDT_SRST_REBOOT;
	c->a[1].ops = d->reboot;
	c->a[1].n_ops = d->n_reboot;
	c->n = 2;
	return NULL;
}

/* ---- the walk ---- */

static const char *dev_fdt_reset_decode(const void *fdt, int node,
					enum dev_fdt_reset_kind kind,
					struct dev_fdt_reset_cand *c)
{
	c->n = 0;
	switch (kind) {
	case DEV_FDT_TEST0:
	case DEV_FDT_TEST1:
		return dev_fdt_reset_test(fdt, node, c);
	case DEV_FDT_SYSCON_POWEROFF:
		return dev_fdt_reset_syscon(fdt, node, DEV_FDT_SRST_SHUTDOWN,
					    c);
	case DEV_FDT_SYSCON_REBOOT:
		return dev_fdt_reset_syscon(fdt, node, DEV_FDT_SRST_REBOOT, c);
	case DEV_FDT_GPIO_POWEROFF:
		return dev_fdt_reset_gpio(fdt, node, DEV_FDT_SRST_SHUTDOWN,
					  &dev_fdt_gpio_poweroff, c);
	case DEV_FDT_GPIO_RESTART:
		return dev_fdt_reset_gpio(fdt, node, DEV_FDT_SRST_REBOOT,
					  &dev_fdt_gpio_restart, c);
	default:
		return dev_fdt_reset_i2c(fdt, node, kind, c);
	}
}

static void dev_fdt_reset_store(struct dev_fdt_resets *out,
				const struct dev_fdt_reset_cand *c)
{
	if (c->n > DEV_FDT_MAX_RESETS - out->n) {
		out->over += c->n;
		return;
	}
	for (unsigned int i = 0; i < c->n; i++)
		out->r[out->n++] = c->a[i];
}

void dev_fdt_resets(const void *fdt, struct dev_fdt_resets *out)
{
	struct dev_fdt_reset_cand c;

	*out = (struct dev_fdt_resets){.first_refused = {.node = -1}};
	for (int node = dev_fdt_next(fdt, -1); node >= 0;
	     node = dev_fdt_next(fdt, node)) {
		int kind = dev_fdt_match(fdt, node, dev_fdt_reset_compats,
					 DEV_FDT_RESET_KINDS);
		const char *why;

		if (kind < 0 || !dev_fdt_enabled(fdt, node))
			continue;
		why = dev_fdt_reset_decode(fdt, node, kind, &c);
		if (!why) {
			dev_fdt_reset_store(out, &c);
			continue;
		}
		if (out->refused++ == 0)
			out->first_refused = (struct dev_fdt_reject){
				dev_fdt_reset_compats[kind], why, node};
	}
}
