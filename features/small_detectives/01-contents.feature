Feature: Contents
  Transcribes the rulebook section "Contents": the street in the middle, the
  Bar and the Police, eight house tiles (four culprits, four weapons), a clue
  token for each culprit and weapon, five detectives with their coloured
  magnifying glasses, and fifteen action cards.  The list names no culprit,
  no weapon and no colour: the names we use are rulings (SD-CMP-02, SD-CMP-04).

  @SD-CMP-01 @setup
  Rule: Eight house tiles take part in every game: six lie round the street and two lie hidden under the Police
    Source: Contents ¶17-21

    Example: three players
      Given a game of 3 players
      Then 6 house tiles lie round the street and 2 lie under the Police

    @players-2
    Example: two players use the same eight tiles
      Given a game of 2 players
      Then 6 house tiles lie round the street and 2 lie under the Police

  @SD-CMP-02 @ruling
  Rule: The four culprits are the Butler, the Cook, the Gardener and the Maid; the four weapons are the Candlestick, the Knife, the Poison and the Rope
    Source: Contents ¶20-23
    The rulebook counts four culprit tiles and four weapon tiles but shows them
    only in pictures.  We give them these names; each has one house tile and one
    clue token of the same name, and a token is named in the same words.

    Example: the eight house tiles of a game
      Given a game of 4 players
      Then the house tiles are the Butler, the Cook, the Gardener, the Maid, the Candlestick, the Knife, the Poison and the Rope

    Example: a report may name only these culprits and weapons
      Given a game of Red, Yellow and Green
      And Red is at the Police at the end of the round
      When Red tries to name the Baker and the Knife
      Then the action is rejected as bad_request
      And the game is exactly as it was

  @SD-CMP-03
  Rule: The deck holds fifteen action cards: Shadowing, which has no number, and the numbered cards 001 to 014, four of which are Foot Patrols
    Source: Contents ¶26

    Example: a five-player game deals every card
      Given a game of 5 players
      Then the players hold between them Shadowing, Foot Patrol 001, Foot Patrol 002, Foot Patrol 003, Foot Patrol 004, Dead End, Police Raid, Informant, Unexpected, On Wheels, Disguise, Small Move, Big Move, Neighbor Survey and Telephone Call

  @SD-CMP-04 @ruling @setup
  Rule: Each player is one detective, named by its colour: Red, Yellow, Green, Blue or Purple, each colour played once
    Source: Contents ¶24-25
    The rulebook has five detectives and five magnifying glasses of matching
    colours but does not name the colours.  We name them, and a player is called
    by the colour of their detective.  The players are listed clockwise round
    the table.

    Example: an unknown colour is refused
      When a new game of Red and Orange is requested
      Then the request is refused as bad_request

    Example: a colour cannot be played twice
      When a new game of Red, Red and Green is requested
      Then the request is refused as bad_request

    Example: five colours make five players
      Given a game of Red, Yellow, Green, Blue and Purple
      Then Red, Yellow, Green, Blue and Purple must choose a card
