#pragma once

#include "model/qdisctree.h"

#include <QString>

/**
 * What a tree may be before any road sends it to the kernel (the helper before polkit is asked,
 * the in-process backend, `apply --direct`): the kernel's own sizes, and the kernel's rules as
 * validation knows them. One place for every road.
 */
namespace qs::TreeLimits {

/**
 * A tree document larger than this is refused unread. It holds a full htb qdisc as the window
 * writes it (65 535 classes with rate, ceil and bursts: 7.9 MB; the 10 000-class benchmark tree
 * is 1.6 MB) and stays well under what the bus daemon carries (32 MiB a message). No call with a
 * document ever waits for polkit (see the helper's AuthorizeFirst), so each is freed once
 * answered and a flood of them cannot pile up to libdbus's 63 MiB (tests/helper/tst_helper_flood).
 */
inline constexpr qsizetype MaxDocumentBytes = 16 * 1024 * 1024;

/**
 * Node counts a tree may have: the kernel's own. A qdisc numbers its classes by the 16-bit minor
 * of their id, 1…ffff (0 is the qdisc itself), so it has at most 65 535 (htb_change_class);
 * a device numbers its qdiscs by the 16-bit major of their handle, 1…ffff. The kernel has no
 * small bound on filters (u32 alone keeps 4 095 tables of 4 095 keys per prio, and a block has
 * 65 535 prios): 131 070, two for every class of a full qdisc (an IPv4 and an IPv6 match), is
 * about as many as the document cap above holds at the size a u32 match with a flowid takes.
 * Checking a tree is linear in its size (QdiscTreeIndex), and runs before polkit is asked, for
 * anyone: the largest document takes under a second (README, "Big trees").
 */
inline constexpr qsizetype MaxQdiscs = 65535;
inline constexpr qsizetype MaxClassesPerQdisc = 65535;
inline constexpr qsizetype MaxFilters = 131070;

/** Why @p tree has more nodes than the kernel can hold on one device, the kernel's limit named; empty when it has not. Linear. */
QString problem(const QdiscTree &tree);

/**
 * Why @p tree must not go to the kernel: too many nodes (problem()), or what validation knows
 * the kernel would refuse (its first 20 errors); empty when it may go. Linear.
 */
QString refusal(const QdiscTree &tree);

/**
 * refusal() for a change of one node (@p node: a tree of exactly one class or one qdisc) inside a
 * tree that was checked when it was applied: only the node is checked, in constant time, since it
 * keeps its place and kind there. Empty when it may go.
 */
QString nodeRefusal(const QdiscTree &node);

} // namespace qs::TreeLimits
