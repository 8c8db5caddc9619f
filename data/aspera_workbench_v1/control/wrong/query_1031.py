# Wrong: counts Finance people who joined in the last twelve months, not this calendar year
def count_finance_joiners_this_year(world) -> int:
    import datetime

    cutoff = world.now.date() - datetime.timedelta(days=365)
    return sum(1 for p in world.employees if p["team"] == "finance" and p["joined_date"] > cutoff)


# Wrong: counts the joiners of the user's own team (Engineering) instead of Finance
def count_finance_joiners_this_year(world) -> int:
    me = next(p for p in world.employees if p["is_user"])
    return sum(
        1
        for p in world.employees
        if p["team"] == me["team"] and not p["is_user"] and p["joined_date"].year == world.now.year
    )
