"""Regional rules on top of the core: models, the pattern resolver, settlement ledgers,
查叫, and one module per region (``hupai.rules.luzhou``, ...)."""
from . import fuzhou, guiyang, luzhou, wuhan
from .ledger import Ledger, Transfer
from .model import DeclaredMeld, Hand, WinContext, parse_meld
from .patterns import Pattern, resolve
from .result import ChajiaoResult, ScoreResult, SeatReport

REGIONS = {"luzhou": luzhou, "wuhan": wuhan, "guiyang": guiyang, "fuzhou": fuzhou}

__all__ = ["luzhou", "wuhan", "guiyang", "fuzhou", "REGIONS", "Ledger", "Transfer", "DeclaredMeld", "Hand", "WinContext",
           "parse_meld", "Pattern", "resolve", "ChajiaoResult", "ScoreResult", "SeatReport"]
